import '@/messages/lost-board';
import { Stack, Text, Title } from '@mantine/core';
import type { LostPostDetail } from '@pawbridge/shared/lost.schema';
import { InfoLine } from '@/components/InfoLine';
import { t } from '@/messages';
import { whenText } from '../board/labels';

function Block({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <Stack gap={4}>
      <Title order={2} size="h5">
        {title}
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Stack>
  );
}

/** Every field of a post in words (only what its author filled in). */
export default function PostFacts({ post }: { post: LostPostDetail }) {
  const lines: [string, string | null][] = [
    [t('lost.post.name'), post.name],
    [t('lost.post.breed'), post.breed],
    [t('lost.post.size'), post.size ? t(`pets.size.${post.size}`) : null],
    [t('lost.post.gender'), post.gender ? t(`pets.gender.${post.gender}`) : null],
    [t('lost.post.weight'), post.weight !== null ? t('lost.post.weightValue', { kg: post.weight }) : null],
    [t('lost.post.colour'), post.colour],
    [t(post.kind === 'MISSING' ? 'lost.post.lastSeen' : 'lost.post.place'), post.address],
    [t('lost.post.when'), whenText(post.happenedDate, post.happenedTime)],
    [t('lost.post.author'), post.author.displayName],
    [t('lost.post.contactPhone'), post.contact === 'PHONE' ? post.phone : null],
  ];
  return (
    <>
      <Stack gap={6} component="section" aria-label={t('lost.post.details')}>
        {lines.map(([label, value]) => (value ? <InfoLine key={label} label={label} value={value} labelWidth={88} /> : null))}
      </Stack>
      <Block title={t('lost.post.thankYou')} text={post.thankYouNote} />
      <Block title={t('lost.post.features')} text={post.features} />
      <Block title={t('lost.post.onSight')} text={post.onSight} />
      <Block title={t('lost.post.description')} text={post.description} />
    </>
  );
}
