import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Center, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { LostPostDetail } from '@pawbridge/shared/lost.schema';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import '@/messages/lost-forms';
import { useLostPost } from '../api';

/** `?missingId=` as the form reads it: absent, a positive id, or something that can name no report. */
export type MissingParam = { state: 'none' } | { state: 'id'; id: number } | { state: 'invalid' };

export function missingParamOf(raw: string | null): MissingParam {
  if (raw === null) return { state: 'none' };
  return /^[1-9]\d{0,9}$/.test(raw) ? { state: 'id', id: Number(raw) } : { state: 'invalid' };
}

/** Why a sighting cannot be attached to this report (null: it can). */
export function refusalOf(post: LostPostDetail): 'notFound' | 'notMissing' | 'closed' | null {
  if (post.hidden) return 'notFound'; // only an admin still reads it; nobody attaches to it
  if (post.kind !== 'MISSING') return 'notMissing';
  return post.status === 'OPEN' ? null : 'closed';
}

function Refused({ message }: { message: string }) {
  return (
    <Stack>
      <Alert color="orange" role="alert" title={message} />
      <Group gap="xs">
        <Button component={Link} to="/lost/new/sighting?kind=SEEN" variant="light" mih={44}>
          {t('lostForm.attached.writeAlone')}
        </Button>
        <Button component={Link} to="/lost" variant="default" mih={44}>
          {t('lostForm.attached.board')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The report card above the form: whose dog this sighting is about, with a way back to the report. */
function ReportCard({ post }: { post: LostPostDetail }) {
  const name = post.name?.trim() || post.breed?.trim() || t('lostForm.attached.nameless');
  const area = [post.sido, post.sigungu].filter(Boolean).join(' ') || post.address;
  const photo = post.photoUrls[0] ?? post.photoUrl;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="attached-report-title" bg="orange.0">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {photo && <Image src={photo} alt={t('lostForm.attached.photo', { name })} w={96} h={96} radius="md" fit="cover" />}
        <Stack gap={4}>
          <Title order={2} size="h5" id="attached-report-title">
            {t('lostForm.attached.title')}
          </Title>
          <Text fw={700} size="lg">
            {[name, post.name ? post.breed : null].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm">{t('lostForm.attached.lastSeen', { area })}</Text>
          <Text size="sm" c="dimmed">
            {t('lostForm.attached.body', { name })}
          </Text>
          <Anchor component={Link} to={`/lost/${post.id}`} size="sm" mih={44} display="inline-flex" style={{ alignItems: 'center' }}>
            {t('lostForm.attached.open')}
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * For `?missingId=`: the report the sighting will be attached to, checked before the form is shown.
 * A wrong, hidden, closed or non-missing report gets its sentence and no form, so nothing is sent.
 */
export default function AttachedReport({ param, children }: { param: MissingParam; children: (missingId?: number) => ReactNode }) {
  const { post, error, isLoading, reload } = useLostPost(param.state === 'id' ? param.id : null);
  if (param.state === 'none') return children();
  if (param.state === 'invalid' || (error instanceof ApiError && error.status === 404))
    return <Refused message={t('lostForm.attached.notFound')} />;
  if (error)
    return (
      <Alert color="red" role="alert" title={t('lostForm.attached.loadFailed')}>
        <Button variant="default" mih={44} mt="xs" onClick={() => void reload()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  if (isLoading || !post)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  const refusal = refusalOf(post);
  if (refusal) return <Refused message={t(`lostForm.attached.${refusal}`)} />;
  return (
    <Stack gap="lg">
      <ReportCard post={post} />
      {children(post.id)}
    </Stack>
  );
}
