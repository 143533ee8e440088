import '@/messages/lost-board';
import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { LOST_LIMITS } from '@pawbridge/shared/lost.schema';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { t } from '@/messages';
import { contactAuthor } from './post-actions';
import ScamWarning from './ScamWarning';

/** Contacting: a member writes to the author through the site (no numbers exchanged), with the warning about rewards. */
export default function ContactForm({ postId }: { postId: number }) {
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [invalid, setInvalid] = useState(false);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!message.trim()) {
      setInvalid(true);
      return;
    }
    setSending(true);
    try {
      await contactAuthor(postId, { message: message.trim() });
      notifySuccess(t('lost.contact.sent'));
      setSent(true);
      setMessage('');
    } catch (err) {
      notifyError(errorMessage(err, 'lost.contact.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="lost-contact-title">
      <form onSubmit={(e) => void send(e)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="lost-contact-title">
            {t('lost.contact.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('lost.contact.intro')}
          </Text>
          <ScamWarning compact />
          <Textarea
            label={t('lost.contact.message')}
            placeholder={t('lost.contact.placeholder')}
            value={message}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              setInvalid(false);
            }}
            maxLength={LOST_LIMITS.messageMax}
            error={invalid ? t('lost.contact.messageRequired') : undefined}
            rows={3}
            required
          />
          {sent && (
            <Alert color="teal" role="status">
              {t('lost.contact.sent')}
            </Alert>
          )}
          <Button type="submit" mih={44} loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
            {t('lost.contact.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
