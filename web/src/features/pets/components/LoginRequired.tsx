import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '@/messages';

/** What a logged-out visitor sees instead of a pet screen, with the way to log in. */
export default function LoginRequired({ message }: { message: string }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" ta="center">
        <Text fw={600} role="alert">
          {message}
        </Text>
        <Button component={Link} to="/login">
          {t('pets.list.loginButton')}
        </Button>
      </Stack>
    </Paper>
  );
}
