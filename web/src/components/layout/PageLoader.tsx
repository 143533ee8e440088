import { Center, Loader } from '@mantine/core';
import { t } from '@/messages';

/** The spinner a screen shows while its code or its session is still on the way. */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
