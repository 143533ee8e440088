import { Alert, Button, Loader, Stack } from '@mantine/core';
import { t } from '@/messages';
import '@/messages/lost-forms';

/** The form's end: the server's refusal in words (if any) and the submit button, busy while sending. */
export default function SubmitBar({ label, submitting, error }: { label: string; submitting: boolean; error: string | null }) {
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {t('lostForm.failed', { message: error })}
        </Alert>
      )}
      <Button
        type="submit"
        size="md"
        disabled={submitting}
        leftSection={submitting ? <Loader size="xs" color="gray" aria-hidden /> : undefined}
      >
        {submitting ? t('lostForm.submitting') : label}
      </Button>
    </Stack>
  );
}
