import '@/messages/lost-board';
import { Anchor, Image, Stack, Text, Timeline as MantineTimeline, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { LostPostDetail } from '@pawbridge/shared/lost.schema';
import { t } from '@/messages';
import { statusLabel } from '../board/labels';

type Entry = LostPostDetail['timeline'][number];

const atText = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Updates and sightings, oldest first: each says what happened in words, when, and what came with it. */
export default function Timeline({ post }: { post: LostPostDetail }) {
  const entries: Entry[] = [...post.timeline].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Stack gap="sm" component="section" aria-labelledby="lost-timeline-title">
      <Title order={2} size="h4" id="lost-timeline-title">
        {t('lost.timeline.title')}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lost.timeline.empty')}
        </Text>
      ) : (
        <MantineTimeline
          bulletSize={14}
          lineWidth={2}
          active={entries.length - 1}
          component="ol"
          data-testid="lost-timeline"
          style={{ listStyle: 'none', paddingInlineStart: 0 }}
        >
          {entries.map((e, i) => (
            <MantineTimeline.Item key={`${e.kind}-${e.at}-${i}`} title={t(`lost.timeline.${e.kind}`)} component="li">
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  <time dateTime={e.at}>{atText.format(new Date(e.at))}</time>
                </Text>
                {e.status && <Text size="sm">{statusLabel(e.status, post.kind)}</Text>}
                {e.address && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {e.address}
                  </Text>
                )}
                {e.note && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {e.note}
                  </Text>
                )}
                {e.photoUrl && <Image src={e.photoUrl} alt={t('lost.timeline.photo')} maw={200} radius="sm" loading="lazy" />}
                {e.sightingId !== null && (
                  <Anchor
                    component={Link}
                    to={`/lost/${e.sightingId}`}
                    size="sm"
                    mih={44}
                    display="inline-flex"
                    style={{ alignItems: 'center' }}
                  >
                    {t('lost.timeline.sightingLink')}
                  </Anchor>
                )}
              </Stack>
            </MantineTimeline.Item>
          ))}
        </MantineTimeline>
      )}
    </Stack>
  );
}
