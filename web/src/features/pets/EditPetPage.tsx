import { useState } from 'react';
import { Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router';
import type { Pet } from '@pawbridge/shared';
import { notifyError, notifySuccess, unreachableMessage } from '@/components/feedback/notify';
import { focusFirstInvalid } from '@/components/form/focus-first-invalid';
import { showServerErrors } from '@/components/form/server-errors';
import { useSession } from '@/lib/session';
import { reloadPagedList } from '@/lib/use-paged-list';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { PETS_KEY, useEditPet, usePet } from './api';
import { formFromPet, petFieldOf, petKeyMessage, validateEdit, type PetFormValues } from './pet-form';
import PetFields from './components/PetFields';
import LoginRequired from './components/LoginRequired';
import PetLoadProblem from './components/PetLoadProblem';

function EditForm({ pet }: { pet: Pet }) {
  const navigate = useNavigate();
  const form = useForm<PetFormValues>({
    mode: 'controlled',
    initialValues: formFromPet(pet),
    validate: (values) => validateEdit(values).errors,
  });
  const { trigger, submitting: saving } = useEditPet(pet.id);
  // The page leaves after a save: the button stays busy until it does.
  const [leaving, setLeaving] = useState(false);

  const send = async (values: PetFormValues) => {
    const { request } = validateEdit(values);
    if (!request) return;
    try {
      await trigger(request);
      setLeaving(true);
      reloadPagedList(PETS_KEY);
      notifySuccess(t('pets.edit.success'));
      void navigate('/mypet');
    } catch (err) {
      if (err instanceof ApiError) showServerErrors(form, err, { fieldOf: petFieldOf, messageOf: petKeyMessage });
      notifyError(unreachableMessage(err) ?? t('pets.edit.failed'));
    }
  };
  const busy = saving || leaving;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={form.onSubmit((values) => void send(values), focusFirstInvalid)} noValidate>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t('pets.info.petId')}: {pet.petId} · {t('pets.edit.photoNote')}
          </Text>
          <PetFields form={form} disabled={busy} mode="edit" />
          <Group justify="flex-end">
            <Button component={Link} to="/mypet" variant="default">
              {t('pets.edit.cancel')}
            </Button>
            <Button type="submit" disabled={busy} leftSection={busy ? <Loader size="xs" color="gray" aria-hidden /> : undefined}>
              {busy ? t('pets.edit.submitting') : t('pets.edit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** /pet/edit/:petId — loading, then the form with the dog's fields; a save returns to /mypet. */
export default function EditPetPage() {
  const { petId } = useParams();
  const { user, isLoading: sessionLoading } = useSession();
  const { pet, error, isLoading, reload } = usePet(petId, Boolean(user));

  const body = () => {
    // A member the server last confirmed (lib/session) does not wait for the check again: their list may come first.
    if ((sessionLoading && !user) || (user && isLoading)) {
      return (
        <Center py="xl">
          <Text c="dimmed" role="status">
            {t('pets.edit.loading')}
          </Text>
        </Center>
      );
    }
    if (!user) return <LoginRequired message={t('pets.list.loginRequired')} />;
    if (error || !pet) return <PetLoadProblem error={error} onRetry={() => void reload()} />;
    return <EditForm key={pet.id} pet={pet} />;
  };

  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('pets.edit.title')}</Title>
        {body()}
      </Stack>
    </Container>
  );
}
