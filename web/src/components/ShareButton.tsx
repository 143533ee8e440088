import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '@/components/feedback/notify';
import { t } from '@/messages';

interface Props {
  title: string;
  text: string;
  /** Absolute URL of the page to share. */
  url: string;
}

/** Share a page: the system share sheet where the browser has one (phones), otherwise the link copied. */
export default function ShareButton({ title, text, url }: Props) {
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (err) {
        // Closing the sheet is not a failure; anything else falls back to copying.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(t('animal.copied'));
    } catch {
      notifyError(t('animal.copyFailed'));
    }
  };
  return (
    <Button variant="default" size="md" mih={44} leftSection={<IconShare size={16} aria-hidden />} onClick={() => void share()}>
      {t('animal.shareLabel')}
    </Button>
  );
}
