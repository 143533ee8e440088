import { useState } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconCheck, IconEdit, IconMapPinPlus, IconX } from '@tabler/icons-react';
import type { LostPostDetail } from '@pawbridge/shared/lost.schema';
import { confirm, errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { reloadPagedList } from '@/lib/use-paged-list';
import { t } from '@/messages';
import '@/messages/lost-forms';
import { closeLostPost, MY_LOST_POSTS_KEY } from '../writes';
import EditDialog from './EditDialog';
import ReunitedDialog from './ReunitedDialog';
import UpdateDialog from './UpdateDialog';

export interface LostOwnerActionsProps {
  /** The post as `GET /api/lost/posts/:id` answers it; nothing shows unless `mine` and still OPEN. */
  post: LostPostDetail;
  /**
   * Called with the post as the server answers after each action (update, edit, found, cancel, close). The post page
   * puts it in its cache, e.g. `mutate(lostPostKey(post.id), saved, { revalidate: false })`, or reads it again.
   */
  onChanged: (post: LostPostDetail) => void;
}

type Dialog = 'update' | 'edit' | 'reunited' | null;

/**
 * The author's actions on their own open post: an update (new place, photos, note), an edit, and to close it —
 * found (with a thank-you note) or cancel for a missing report, close for a found or seen post.
 */
export default function LostOwnerActions({ post, onChanged }: LostOwnerActionsProps) {
  const [open, setOpen] = useState<Dialog>(null);
  const [closing, setClosing] = useState(false);
  if (!post.mine || post.status !== 'OPEN') return null;
  const missing = post.kind === 'MISSING';

  const saved = (message: Parameters<typeof t>[0]) => (next: LostPostDetail) => {
    setOpen(null);
    reloadPagedList(MY_LOST_POSTS_KEY);
    notifySuccess(t(message));
    onChanged(next);
  };

  const closeAs = async (status: 'CANCELLED' | 'CLOSED') => {
    const ok = await confirm(
      status === 'CANCELLED'
        ? {
            title: t('lostOwner.cancel.title'),
            body: t('lostOwner.cancel.body'),
            confirmLabel: t('lostOwner.cancel.confirm'),
            danger: true,
          }
        : {
            title: t('lostOwner.closeSighting.title'),
            body: t('lostOwner.closeSighting.body'),
            confirmLabel: t('lostOwner.closeSighting'),
          },
    );
    if (!ok) return;
    setClosing(true);
    try {
      const next = await closeLostPost(post.id, { status });
      saved(status === 'CANCELLED' ? 'lostOwner.cancel.done' : 'lostOwner.closeSighting.done')(next);
    } catch (err) {
      notifyError(t('lostOwner.failed', { message: errorMessage(err) }));
    } finally {
      setClosing(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`lost-owner-${post.id}`}>
      <Stack gap="sm">
        <Title order={2} size="h5" id={`lost-owner-${post.id}`}>
          {t('lostOwner.title')}
        </Title>
        <Group gap="xs">
          {missing && (
            <Button color="teal" leftSection={<IconCheck size={18} aria-hidden />} onClick={() => setOpen('reunited')}>
              {t('lostOwner.reunited')}
            </Button>
          )}
          <Button variant="light" leftSection={<IconMapPinPlus size={18} aria-hidden />} onClick={() => setOpen('update')}>
            {t('lostOwner.update')}
          </Button>
          <Button variant="default" leftSection={<IconEdit size={18} aria-hidden />} onClick={() => setOpen('edit')}>
            {t('lostOwner.edit')}
          </Button>
          <Button
            variant="subtle"
            color={missing ? 'red' : 'gray'}
            leftSection={<IconX size={18} aria-hidden />}
            loading={closing}
            onClick={() => void closeAs(missing ? 'CANCELLED' : 'CLOSED')}
          >
            {missing ? t('lostOwner.cancel') : t('lostOwner.closeSighting')}
          </Button>
        </Group>
      </Stack>
      {open === 'update' && <UpdateDialog post={post} opened onClose={() => setOpen(null)} onSaved={saved('lostOwner.update.done')} />}
      {open === 'edit' && <EditDialog post={post} opened onClose={() => setOpen(null)} onSaved={saved('lostOwner.edit.done')} />}
      {open === 'reunited' && (
        <ReunitedDialog post={post} opened onClose={() => setOpen(null)} onSaved={saved('lostOwner.reunited.done')} />
      )}
    </Paper>
  );
}
