import { useState } from 'react';
import { Anchor, Badge, Button, Card, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { LostFlagSchema } from '@pawbridge/shared/lost.schema';
import { ListEmpty, ListError, ListLoading } from '@/components/ListState';
import LoadMore from '@/components/LoadMore';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { useAdminGate } from '@/lib/use-admin-gate';
import { t, type MessageKey } from '@/messages';
import '@/messages/lost-forms';
import { adminCloseLostPost, dismissLostFlag, hideLostPost } from '../writes';
import { useLostFlags } from './reads';

type Flag = ReturnType<(typeof LostFlagSchema)['parse']>;
type Action = 'hide' | 'show' | 'close' | 'dismiss';

const DONE: Record<Action, MessageKey> = {
  hide: 'adminLost.hidden.done',
  show: 'adminLost.shown.done',
  close: 'adminLost.closed.done',
  dismiss: 'adminLost.dismissed.done',
};

function run(flag: Flag, action: Action): Promise<unknown> {
  if (action === 'dismiss') return dismissLostFlag(flag.id);
  if (action === 'close') return adminCloseLostPost(flag.postId);
  return hideLostPost(flag.postId, action === 'hide');
}

function FlagCard({ flag, busy, onAction }: { flag: Flag; busy: Action | null; onAction: (a: Action) => void }) {
  const id = flag.postId;
  return (
    <Card withBorder radius="md" component="article" aria-labelledby={`flag-${flag.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h5" id={`flag-${flag.id}`}>
            {t('adminLost.post', { kind: t(`lostKind.${flag.postKind}`), id })}
          </Title>
          <Group gap={6}>
            <Badge color="red" variant="light">
              {t(`adminLost.reason.${flag.reason}`)}
            </Badge>
            {flag.postHidden && (
              <Badge color="gray" variant="filled">
                {t('adminLost.hidden')}
              </Badge>
            )}
          </Group>
        </Group>
        {flag.note && <Text size="sm">{flag.note}</Text>}
        <Text size="xs" c="dimmed">
          {t('adminLost.flaggedBy', { name: flag.flaggedBy })} · {new Date(flag.createdAt).toLocaleString('ko-KR')}
        </Text>
        <Group gap="xs">
          <Anchor component={Link} to={`/lost/${id}`} size="sm" py={10}>
            {t('adminLost.openPost')}
          </Anchor>
          {flag.postHidden ? (
            <Button size="sm" variant="light" loading={busy === 'show'} onClick={() => onAction('show')}>
              {t('adminLost.show')}
            </Button>
          ) : (
            <Button
              size="sm"
              color="red"
              loading={busy === 'hide'}
              onClick={() => onAction('hide')}
              aria-label={t('adminLost.hideLabel', { id })}
            >
              {t('adminLost.hide')}
            </Button>
          )}
          <Button
            size="sm"
            variant="default"
            loading={busy === 'close'}
            onClick={() => onAction('close')}
            aria-label={t('adminLost.closeLabel', { id })}
          >
            {t('adminLost.close')}
          </Button>
          <Button
            size="sm"
            variant="subtle"
            loading={busy === 'dismiss'}
            onClick={() => onAction('dismiss')}
            aria-label={t('adminLost.dismissLabel', { id })}
          >
            {t('adminLost.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/lost-flags: the flags waiting; the admin hides, closes or dismisses (the admin routes of lost.admin.routes.ts). */
export default function AdminLostFlagsPage() {
  const isAdmin = useAdminGate();
  const { flags, total, hasMore, loadingMore, loadMore, error, isLoading, reload } = useLostFlags(isAdmin);
  const [busy, setBusy] = useState<{ id: number; action: Action } | null>(null);

  if (!isAdmin) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }

  const act = async (flag: Flag, action: Action) => {
    setBusy({ id: flag.id, action });
    try {
      await run(flag, action);
      notifySuccess(t(DONE[action]));
      await reload();
    } catch (err) {
      notifyError(t('adminLost.actionFailed', { message: errorMessage(err) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Container size="md" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="xs" mb="lg">
        <Title order={1}>{t('adminLost.title')}</Title>
        <Text c="dimmed">{t('adminLost.intro')}</Text>
      </Stack>
      {isLoading ? (
        <ListLoading />
      ) : error ? (
        <ListError message={t('adminLost.failed')} onRetry={() => void reload()} />
      ) : !flags || flags.length === 0 ? (
        <ListEmpty message={t('adminLost.empty')} />
      ) : (
        <Stack>
          {flags.map((f) => (
            <FlagCard key={f.id} flag={f} busy={busy?.id === f.id ? busy.action : null} onAction={(a) => void act(f, a)} />
          ))}
          <LoadMore shown={flags.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} />
        </Stack>
      )}
    </Container>
  );
}
