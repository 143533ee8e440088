import { Button, Center, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import { usePet } from './api';
import LoginRequired from './components/LoginRequired';
import PetInfoGrid from './components/PetInfoGrid';
import PetLoadProblem from './components/PetLoadProblem';
import PetPhoto from './components/PetPhoto';
import PetLostAction from './components/PetLostAction';
import { usePetLostReports } from './lost-state';

/** /pet/profile/:petId — one of the caller's dogs. */
export default function PetProfilePage() {
  const { petId } = useParams();
  const { user, isLoading: sessionLoading } = useSession();
  const { pet, error, isLoading, reload } = usePet(petId, Boolean(user));
  const { lostEnabled, lostPostOf } = usePetLostReports(Boolean(user));

  // A member the server last confirmed (lib/session) does not wait for the check again.
  if ((sessionLoading && !user) || (user && isLoading)) {
    return (
      <Center py="xl">
        <Text c="dimmed" role="status">
          {t('pets.edit.loading')}
        </Text>
      </Center>
    );
  }
  return (
    <Container size="md" py="lg">
      {!user ? (
        <LoginRequired message={t('pets.list.loginRequired')} />
      ) : error || !pet ? (
        <PetLoadProblem error={error} onRetry={() => void reload()} />
      ) : (
        <Stack gap="lg">
          <Title order={1}>{t('pets.profile.title', { name: pet.name })}</Title>
          <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
              <PetPhoto pet={pet} ratio={1} />
              <Stack gap="xl">
                <PetInfoGrid pet={pet} />
                {lostEnabled && <PetLostAction pet={pet} lostPostId={lostPostOf(pet.id)} />}
                <Group>
                  <Button component={Link} to="/mypet" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
                    {t('pets.profile.back')}
                  </Button>
                  <Button component={Link} to={`/pet/edit/${encodeURIComponent(pet.id)}`} leftSection={<IconEdit size={16} aria-hidden />}>
                    {t('pets.profile.edit')}
                  </Button>
                </Group>
              </Stack>
            </SimpleGrid>
          </Paper>
        </Stack>
      )}
    </Container>
  );
}
