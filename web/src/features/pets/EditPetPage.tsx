import { useState } from 'react';
import { Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import type { Pet } from '@pawbridge/shared';
import { notifyError, notifySuccess } from '@/components/feedback/notify';
import { useSession } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { editPet, PETS_KEY, usePet } from './api';
import { formFromPet, numberFieldError, serverErrors, validateEdit, type PetFormErrors, type PetFormValues } from './pet-form';
import PetFields from './components/PetFields';
import LoginRequired from './components/LoginRequired';
import PetLoadProblem from './components/PetLoadProblem';

function EditForm({ pet }: { pet: Pet }) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [values, setValues] = useState<PetFormValues>(() => formFromPet(pet));
  const [errors, setErrors] = useState<PetFormErrors>({});
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof PetFormValues>(key: K, value: PetFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const checkNumber = (key: 'weight' | 'age') => setErrors((e) => ({ ...e, [key]: numberFieldError(values, key) }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { errors: found, request } = validateEdit(values);
    setErrors(found);
    if (!request) return;
    setSaving(true);
    try {
      const saved = await editPet(pet.id, request);
      void mutate(PETS_KEY);
      void mutate(`/api/pet/${encodeURIComponent(pet.id)}`, saved, { revalidate: false });
      notifySuccess(t('pets.edit.success'));
      void navigate('/mypet');
    } catch (err) {
      if (err instanceof ApiError) setErrors(serverErrors(err.fieldErrors));
      notifyError(t('pets.edit.failed'));
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t('pets.info.petId')}: {pet.petId} · {t('pets.edit.photoNote')}
          </Text>
          <PetFields values={values} errors={errors} onChange={set} onNumberBlur={checkNumber} disabled={saving} mode="edit" />
          <Group justify="flex-end">
            <Button component={Link} to="/mypet" variant="default">
              {t('pets.edit.cancel')}
            </Button>
            <Button type="submit" disabled={saving} leftSection={saving ? <Loader size="xs" color="gray" aria-hidden /> : undefined}>
              {saving ? t('pets.edit.submitting') : t('pets.edit.submit')}
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
    if (sessionLoading || (user && isLoading)) {
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
