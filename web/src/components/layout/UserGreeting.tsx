import { Badge, Group, Text } from '@mantine/core';
import type { SessionUser } from '@pawbridge/shared';
import { t } from '@/messages';

/** The welcome line (header.welcome) plus a text badge for social-login users (spec §2 Header). */
export function UserGreeting({ user, maw }: { user: SessionUser; maw?: number }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Text size="sm" fw={500} truncate="end" maw={maw} title={t('header.welcome', { name: user.displayName })}>
        {t('header.welcome', { name: user.displayName })}
      </Text>
      {user.isSocialLogin && (
        <Badge size="sm" variant="light" color="grape" style={{ flexShrink: 0 }}>
          {t('header.socialBadge')}
        </Badge>
      )}
    </Group>
  );
}
