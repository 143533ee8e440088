import { Group, Stack, Text } from '@mantine/core';
import type { SessionUser } from '@pawbridge/shared';
import { t } from '@/messages';

/** Provider, social id and user id of a social-login member, with the spec's fallbacks ("unknown", "none"). */
export function SocialAccountRows({ user }: { user: Pick<SessionUser, 'provider' | 'socialId' | 'userId'> }) {
  const rows: [string, string][] = [
    [t('social.account.provider'), user.provider ? t(`provider.${user.provider}`) : t('social.account.unknown')],
    [t('social.account.socialId'), user.socialId || t('social.account.none')],
    [t('social.account.userId'), user.userId || t('social.account.none')],
  ];
  return (
    <Stack gap={4} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="baseline">
          <Text component="dt" size="sm" c="dimmed" miw={96}>
            {label}
          </Text>
          <Text component="dd" size="sm" fw={500} m={0} style={{ wordBreak: 'break-all' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
