import '@/messages/lost-matches';
import { useEffect, useRef, useState } from 'react';
import { Anchor, Badge, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { MatchCandidate } from '@pawbridge/shared/lost.matching';
import { ListError, ListLoading } from '@/components/ListState';
import { confirm, errorMessage, notifyError, notifySuccess, unreachableMessage } from '@/components/feedback/notify';
import { ApiError } from '@/lib/api-client';
import { useLiveNotice } from '@/lib/live-notices';
import { matchKindLabel, matchReasonsText } from '@/lib/match-reasons';
import { t } from '@/messages';
import { candidatePage } from './candidate-page';
import { decideCandidate, useMatchCandidates } from './matches.api';

/** Kinds told apart by words first; the colour only repeats them. */
const KIND_COLOUR: Record<MatchCandidate['kind'], string> = { FOUND: 'teal', SEEN: 'blue', STRAY: 'grape', SHELTER: 'orange' };

/** A 'yyyy-MM-dd' day as Korean month and day; anything else as it came. */
const day = (date: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date)
    ? new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', month: 'long', day: 'numeric' }).format(new Date(`${date}T12:00:00+09:00`))
    : date;

function CandidateCard({
  c,
  canDecide,
  onDecide,
}: {
  c: MatchCandidate;
  canDecide: boolean;
  onDecide: (c: MatchCandidate, a: 'dismiss' | 'confirm') => void;
}) {
  const kind = matchKindLabel(c.kind);
  const breed = c.breed?.trim() || t('lostMatches.breedUnknown');
  const reasons = matchReasonsText(c.reasons, c.kind);
  const against = matchReasonsText(c.reasons, c.kind, true);
  // The distance is among the reasons when it scored; said here only when it did not.
  const km = c.km !== null && !c.reasons.some((r) => r.code === 'DISTANCE') ? t('lostMatches.km', { km: c.km.toFixed(1) }) : null;
  const facts = [km, c.place, day(c.date)].filter(Boolean).join(' · ');
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {c.photoUrl ? (
          <Image
            src={c.photoUrl}
            alt={t('lostMatches.photoAlt', { kind, breed })}
            w={88}
            h={88}
            radius="sm"
            fit="cover"
            style={{ flexShrink: 0 }}
          />
        ) : (
          <Stack w={88} h={88} justify="center" align="center" bg="gray.1" style={{ borderRadius: 4, flexShrink: 0 }} gap={2}>
            <IconPhotoOff size={20} aria-hidden />
            <Text size="xs" c="gray.8">
              {t('lostMatches.noPhoto')}
            </Text>
          </Stack>
        )}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6}>
            <Badge color={KIND_COLOUR[c.kind]} variant="light" aria-label={t('lostMatches.kindLabel', { kind })}>
              {kind}
            </Badge>
            <Text fw={700} size="sm">
              {t('matchScore', { score: c.score })}
            </Text>
            {c.status === 'CONFIRMED' && (
              <Badge color="green" variant="filled">
                {t('lostMatches.confirmed')}
              </Badge>
            )}
          </Group>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {[breed, c.colour].filter(Boolean).join(' · ')}
          </Text>
          {facts && (
            <Text size="xs" c="dimmed">
              {facts}
            </Text>
          )}
          {reasons && <Text size="sm">{reasons}</Text>}
          {against && (
            <Text size="xs" c="dimmed">
              {t('lostMatches.against', { reasons: against })}
            </Text>
          )}
        </Stack>
      </Group>
      <Group gap="xs" mt="xs" justify="flex-end" wrap="wrap">
        <Anchor
          component={Link}
          to={candidatePage(c.kind, c.recordId)}
          size="sm"
          mih={44}
          style={{ display: 'inline-flex', alignItems: 'center' }}
          aria-label={t('lostMatches.openLabel', { kind, breed })}
        >
          {t('lostMatches.open', { kind })}
        </Anchor>
        {canDecide && c.status === 'NEW' && (
          <>
            <Button
              variant="default"
              mih={44}
              onClick={() => onDecide(c, 'dismiss')}
              aria-label={t('lostMatches.dismissLabel', { kind, breed })}
            >
              {t('lostMatches.dismiss')}
            </Button>
            <Button mih={44} onClick={() => onDecide(c, 'confirm')} aria-label={t('lostMatches.confirmLabel', { kind, breed })}>
              {t('lostMatches.confirm')}
            </Button>
          </>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The likely-match section (issue 28; decision 0042): an open missing report's candidates for its owner (who may
 * dismiss or confirm each, the latter asked once) and for admins (read only). Reads itself again when
 * a match notice for this report arrives live; a link ending in #matches scrolls here.
 */
export default function MatchCandidates({
  postId,
  owner,
  onConfirmed,
  ask = confirm,
}: {
  postId: number;
  owner: boolean;
  onConfirmed?: () => void;
  /** How confirming a candidate ("this is our dog") is asked first (the app's confirm dialog; tests pass their own). */
  ask?: typeof confirm;
}) {
  const { answer, error, isLoading, reload } = useMatchCandidates(postId);
  const [busy, setBusy] = useState(false);
  const section = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();

  useLiveNotice((n) => {
    if (n.code === 'LOST_MATCH_FOUND' && n.about.postId === postId) void reload();
  });
  const loaded = answer !== undefined;
  useEffect(() => {
    if (hash === '#matches' && loaded) section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, loaded]);

  const decide = async (c: MatchCandidate, action: 'dismiss' | 'confirm') => {
    if (action === 'confirm') {
      const sure = await ask({
        title: t('lostMatches.confirmTitle'),
        body: t('lostMatches.confirmBody'),
        confirmLabel: t('lostMatches.confirm'),
      });
      if (!sure) return;
    }
    setBusy(true);
    try {
      await decideCandidate(postId, c.id, action);
      notifySuccess(t(action === 'confirm' ? 'lostMatches.confirmDone' : 'lostMatches.dismissDone'));
      if (action === 'confirm') onConfirmed?.();
    } catch (err) {
      notifyError(err instanceof ApiError && err.reason ? errorMessage(err) : (unreachableMessage(err) ?? t('lostMatches.failed')));
    } finally {
      setBusy(false);
      await reload();
    }
  };

  const rows = answer?.rows ?? [];
  return (
    <Stack gap="sm" component="section" id="matches" ref={section} aria-labelledby="lost-matches-title" aria-busy={busy || undefined}>
      <Title order={2} size="h4" id="lost-matches-title">
        {t('lostMatches.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('lostMatches.intro')}
      </Text>
      {!owner && (
        <Text size="sm" c="dimmed">
          {t('lostMatches.adminNote')}
        </Text>
      )}
      {error ? (
        <ListError message={t('lostMatches.loadFailed')} onRetry={() => void reload()} />
      ) : isLoading || !answer ? (
        <ListLoading />
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed" ta="center">
            {t('lostMatches.empty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((c) => (
            <CandidateCard key={c.id} c={c} canDecide={owner && !busy} onDecide={(x, a) => void decide(x, a)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
