import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { t } from '@/messages';

/** The modals provider; `onReady` runs after its window-event listeners are attached (a parent's effect runs after its children's). */
export default function ModalsProviderHost({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }} />;
}
