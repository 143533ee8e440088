import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconBuildingHospital } from '@tabler/icons-react';
import type { LostPostDetail } from '@pawbridge/shared/lost.schema';
import { confirm, errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { t } from '@/messages';
import '@/messages/lost-forms';
import { toStrayReport } from '../writes';

export interface ToStrayReportButtonProps {
  /** The post shown; the button appears only for its author's open FOUND post. */
  post: Pick<LostPostDetail, 'id' | 'kind' | 'status' | 'mine' | 'strayReportId'>;
  /** Called with the new stray report's id after it was made (e.g. the post page reads the post again). */
  onReported?: (strayReportId: number) => void;
}

/**
 * The report-to-shelter action on a found post: after a confirm, `POST /api/lost/posts/:id/to-stray-report` turns it
 * into a stray report (same photos, place, date and words) waiting for an admin. Once made it says so instead.
 */
export default function ToStrayReportButton({ post, onReported }: ToStrayReportButtonProps) {
  const [sending, setSending] = useState(false);
  const [reported, setReported] = useState<number | null>(post.strayReportId);
  if (!post.mine || post.kind !== 'FOUND') return null;
  if (reported !== null) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('lostToStray.already')}
      </Text>
    );
  }
  if (post.status !== 'OPEN') return null;

  const send = async () => {
    const ok = await confirm({ title: t('lostToStray.title'), body: t('lostToStray.body'), confirmLabel: t('lostToStray.confirm') });
    if (!ok) return;
    setSending(true);
    try {
      const { strayReportId } = await toStrayReport(post.id);
      setReported(strayReportId);
      notifySuccess(t('lostToStray.done'));
      onReported?.(strayReportId);
    } catch (err) {
      notifyError(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button variant="light" onClick={() => void send()} loading={sending} leftSection={<IconBuildingHospital size={18} aria-hidden />}>
      {sending ? t('lostToStray.sending') : t('lostToStray.button')}
    </Button>
  );
}
