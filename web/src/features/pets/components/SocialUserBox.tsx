import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconRefresh, IconUserCircle } from '@tabler/icons-react';
import { SessionSchema, type SessionUser } from '@pawbridge/shared';
import { notifyError, notifySuccess } from '@/components/feedback/notify';
import { touchTargetClass } from '@/components/form/input-action';
import { SocialAccountRows } from '@/components/social/SocialAccountRows';
import { api } from '@/lib/api-client';
import { t } from '@/messages';
import { reloadPage } from '../reload-page';

/** Shown to social-login users on the registration screen (spec §2): who the server thinks they are. */
export default function SocialUserBox({ user }: { user: SessionUser }) {
  const [busy, setBusy] = useState(false);
  if (!user.provider && !user.socialId) return null;

  const refresh = async () => {
    setBusy(true);
    try {
      const session = await api('/api/users/check-session', { schema: SessionSchema });
      if (!session.loggedIn) throw new Error('logged out');
      notifySuccess(t('pets.social.refreshed'));
      reloadPage();
    } catch {
      notifyError(t('pets.social.refreshFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert variant="light" color="blue" title={t('pets.social.title')} icon={<IconUserCircle aria-hidden />}>
      <Stack gap={4}>
        <SocialAccountRows user={user} />
        <Group mt="xs">
          <Button
            size="xs"
            variant="light"
            className={touchTargetClass}
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => void refresh()}
            loading={busy}
          >
            {t('pets.social.refresh')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
