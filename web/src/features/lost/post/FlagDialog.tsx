import '@/messages/lost-board';
import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { LOST_FLAG_REASONS, LOST_LIMITS } from '@pawbridge/shared/lost.schema';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { t } from '@/messages';
import { flagPost } from './post-actions';

type Reason = (typeof LOST_FLAG_REASONS)[number];

/** Flagging: a member tells the admins a post is a scam, wrong or abusive (one flag per member and post). */
export default function FlagDialog({ postId }: { postId: number }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState<Reason>('SCAM');
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    setSending(true);
    try {
      await flagPost(postId, { reason, note: note.trim() || null });
      notifySuccess(t('lost.flag.sent'));
      setOpened(false);
      setNote('');
    } catch (err) {
      notifyError(errorMessage(err, 'lost.flag.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        size="md"
        mih={44}
        leftSection={<IconFlag size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('lost.flag.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('lost.flag.title')} centered>
        <form onSubmit={(e) => void send(e)}>
          <Stack gap="md">
            <Radio.Group label={t('lost.flag.reason')} value={reason} onChange={(v) => setReason(v as Reason)} required>
              <Stack gap="xs" mt="xs">
                {LOST_FLAG_REASONS.map((r) => (
                  <Radio key={r} value={r} label={t(`lost.flag.${r}`)} styles={{ body: { minHeight: 44, alignItems: 'center' } }} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t('lost.flag.note')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={LOST_LIMITS.noteMax}
              rows={2}
            />
            <Group justify="flex-end">
              <Button variant="default" mih={44} onClick={() => setOpened(false)}>
                {t('lost.flag.cancel')}
              </Button>
              <Button type="submit" color="red" mih={44} loading={sending}>
                {t('lost.flag.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
