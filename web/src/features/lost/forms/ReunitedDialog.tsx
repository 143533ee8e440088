import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { LOST_LIMITS, LostCloseRequestSchema, type LostPostDetail } from '@pawbridge/shared/lost.schema';
import { t } from '@/messages';
import '@/messages/lost-forms';
import { closeLostPost } from '../writes';
import SubmitBar from './SubmitBar';
import { checkWith, opt } from './form-kit';
import { errorMessage } from '@/components/feedback/notify';

interface Props {
  post: LostPostDetail;
  opened: boolean;
  onClose: () => void;
  onSaved: (post: LostPostDetail) => void;
}

/** The owner's "found" action: the report closes REUNITED with the owner's optional thank-you note. */
export default function ReunitedDialog({ post, opened, onClose, onSaved }: Props) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const send = async () => {
    const { errors, data } = checkWith(LostCloseRequestSchema, { status: 'REUNITED', note: opt(note) }, ['note']);
    setNoteError(errors.note);
    if (!data) return;
    setSubmitting(true);
    setServerError(null);
    try {
      onSaved(await closeLostPost(post.id, data));
    } catch (err) {
      setServerError(errorMessage(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('lostOwner.reunited.title')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
        noValidate
      >
        <Stack>
          <Text size="sm">{t('lostOwner.reunited.intro')}</Text>
          <Textarea
            label={t('lostOwner.reunited.note')}
            placeholder={t('lostOwner.reunited.notePlaceholder')}
            rows={3}
            maxLength={LOST_LIMITS.noteMax}
            value={note}
            error={noteError}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <SubmitBar label={t('lostOwner.reunited.confirm')} submitting={submitting} error={serverError} />
          <Group justify="flex-end">
            <Button variant="subtle" onClick={onClose}>
              {t('lostOwner.back')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
