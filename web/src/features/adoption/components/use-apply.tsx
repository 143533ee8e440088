import { useState } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LIMITS, type Stray } from '@pawbridge/shared';
import { useSession } from '@/lib/session';
import { confirm, errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { applyForAdoption } from '../api';

function askToLogIn() {
  // The notification lives outside the router, so the link is a plain page link.
  notifications.show({
    color: 'blue',
    autoClose: 6000,
    message: (
      <Group gap="xs">
        <Text size="sm">{t('adopt.apply.loginRequired')}</Text>
        <Anchor href="/login" size="sm" fw={600}>
          {t('adopt.apply.loginLink')}
        </Anchor>
      </Group>
    ),
  });
}

/**
 * Applying to adopt one of our strays, as the adopt list and a stray's own page do it: a visitor is
 * asked to log in, a member confirms, and every refusal says why. `after` reloads what changed.
 */
export function useApply(after: () => Promise<unknown>) {
  const { user } = useSession();
  const [applyingId, setApplyingId] = useState<number | null>(null);
  const apply = async (stray: Stray) => {
    if (!user) {
      askToLogIn();
      return;
    }
    const ok = await confirm({
      title: t('adopt.apply.confirmTitle'),
      body: t('adopt.apply.confirmBody', { name: stray.name }),
      confirmLabel: t('adopt.apply.confirm'),
    });
    if (!ok) return;
    setApplyingId(stray.id);
    try {
      await applyForAdoption(stray.id);
      notifySuccess(t('adopt.apply.success'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'APPLICATION_LIMIT_REACHED')
        notifyError(t('adopt.apply.limit', { max: LIMITS.openAdoptionApplicationsMax }));
      // A 409 that says why (an earlier application was rejected, the stray is no longer available) gets
      // that reason's sentence; a bare 409 is "already applied" unless the stray is no longer available.
      else if (err instanceof ApiError && err.status === 409 && err.reason) notifyError(errorMessage(err, 'adopt.apply.failed'));
      else if (err instanceof ApiError && err.status === 409 && err.code !== 'INVALID_STATE') notifyError(t('adopt.apply.already'));
      else if (err instanceof ApiError && err.status === 401) askToLogIn();
      else notifyError(errorMessage(err, 'adopt.apply.failed'));
    } finally {
      setApplyingId(null);
      await after();
    }
  };
  return { apply, applyingId };
}
