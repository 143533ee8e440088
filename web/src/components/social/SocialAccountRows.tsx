import { Group, Stack, Text } from '@mantine/core';
import type { SessionUser } from '@pawbridge/shared';
import { t } from '@/messages';

/**
 * A social-login member's account in words: the provider and the "logged in with a social account" line — never the raw
 * social or user ids (issue 25 item 8). The spec's fallback words stay where data is missing:
 * "unknown" without a provider, "none" without a social account (all in the catalogue).
 */
export function SocialAccountRows({ user }: { user: Pick<SessionUser, 'provider' | 'socialId' | 'userId'> }) {
  const rows: [string, string][] = [
    [t('social.account.provider'), user.provider ? t(`provider.${user.provider}`) : t('social.account.unknown')],
    [t('social.account.state'), user.socialId ? t('social.account.signedIn') : t('social.account.none')],
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
