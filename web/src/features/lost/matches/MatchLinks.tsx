import '@/messages/lost-matches';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LostPostDetail } from '@pawbridge/shared/lost.schema';
import { matchKindLabel } from '@/lib/match-reasons';
import { t } from '@/messages';
import { candidatePage } from './candidate-page';

/**
 * A confirmed match, on both posts' pages (decision 0042): a missing report links the records its owner
 * confirmed; a found/seen post the missing report it turned out to be (the owner was found).
 */
export default function MatchLinks({ post }: { post: Pick<LostPostDetail, 'kind' | 'matches'> }) {
  const matches = post.matches ?? [];
  if (matches.length === 0) return null;
  const missing = post.kind === 'MISSING';
  return (
    <Paper withBorder radius="md" p="sm" bg="green.0">
      <Stack gap={4}>
        <Group gap={6}>
          <IconLink size={16} aria-hidden />
          <Text fw={700} size="sm">
            {t(missing ? 'lostMatches.links.missing' : 'lostMatches.links.sighting')}
          </Text>
        </Group>
        {matches.map((m) => (
          <Anchor
            key={`${m.lostPostId}:${m.kind}:${m.recordId}`}
            component={Link}
            to={missing ? candidatePage(m.kind, m.recordId) : `/lost/${m.lostPostId}`}
            size="sm"
            mih={44}
            style={{ display: 'inline-flex', alignItems: 'center' }}
          >
            {missing ? t('lostMatches.links.toRecord', { kind: matchKindLabel(m.kind) }) : t('lostMatches.links.toLost')}
          </Anchor>
        ))}
      </Stack>
    </Paper>
  );
}
