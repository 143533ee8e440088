import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { SessionUser } from '@pawbridge/shared';
import { SocialAccountRows } from '@/components/social/SocialAccountRows';
import { t } from '@/messages';

/** Shown when the account came from a social provider (spec §2 Home). */
export function SocialLoginInfo({ user }: { user: SessionUser }) {
  if (!user.provider && !user.socialId) return null;
  const body = user.provider ? t('home.social.body', { provider: t(`provider.${user.provider}`) }) : t('home.social.bodyUnknown');
  return (
    <Alert variant="light" color="grape" radius="lg" icon={<IconInfoCircle aria-hidden />} title={t('home.social.title')}>
      <Stack gap="xs">
        <Text size="sm">{body}</Text>
        <SocialAccountRows user={user} />
      </Stack>
    </Alert>
  );
}
