import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { LIMITS, SessionSchema, type PetRegisterRequest } from '@pawbridge/shared';
import { errorMessage, notifyError } from '@/components/feedback/notify';
import { focusFirstInvalid } from '@/components/form/focus-first-invalid';
import { showServerErrors } from '@/components/form/server-errors';
import { useSession } from '@/lib/session';
import { api, ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { registerPet, useRegisterPet } from './api';
import { emptyPetForm, petFieldOf, petKeyMessage, validateRegistration, type PetFormValues } from './pet-form';
import PetFields from './components/PetFields';
import SocialUserBox from './components/SocialUserBox';
import LoginRequired from './components/LoginRequired';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The registration screen (spec §2 "my companion dog profile"), at /pet/register and /mypet/register. */
export default function RegisterPetPage() {
  const { user, isLoading, refresh } = useSession();
  const navigate = useNavigate();
  // The name of the dog just registered: the form is cleared (spec §5), so say what happened and where it went.
  const [registered, setRegistered] = useState<string | null>(null);
  const form = useForm<PetFormValues>({
    mode: 'controlled',
    initialValues: emptyPetForm,
    validate: (values) => validateRegistration(values).errors,
    // Typing the next dog retires the note about the last one.
    onValuesChange: () => setRegistered(null),
  });
  const doneRef = useRef<HTMLDivElement>(null);
  // The submit button is at the bottom of a long form; bring the outcome into view (and to screen readers).
  useEffect(() => {
    if (registered !== null) doneRef.current?.focus();
  }, [registered]);
  // Clearing the form also has to clear the file picker, which keeps its own state.
  const [formKey, setFormKey] = useState(0);

  /**
   * A 401 for a social-login user may only mean their session was still being
   * set up: re-check it and, when it is valid, try once more after 1 s (spec §8).
   */
  const sendWithRetry = async ({ request, photo }: { request: PetRegisterRequest; photo: File }) => {
    try {
      return await registerPet(request, photo);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 401 && user?.isSocialLogin)) throw err;
      const session = await api('/api/users/check-session', { schema: SessionSchema }).catch(() => null);
      if (!session?.loggedIn) throw err;
      await wait(LIMITS.socialRetryDelayMs);
      return registerPet(request, photo);
    }
  };
  const { trigger, submitting } = useRegisterPet(sendWithRetry);

  const send = async (values: PetFormValues) => {
    const { request } = validateRegistration(values);
    if (!request || !values.photo) return;
    try {
      await trigger({ request, photo: values.photo });
      // The panel above the form says it (and leads to the list); a toast too would say it twice.
      form.reset();
      setRegistered(request.name);
      setFormKey((k) => k + 1);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        notifyError(t('pets.register.relogin'));
        refresh().catch(() => undefined);
        void navigate('/login');
        return;
      }
      if (err instanceof ApiError) showServerErrors(form, err, { fieldOf: petFieldOf, messageOf: petKeyMessage });
      const message = errorMessage(err);
      notifyError(t('pets.register.failed', { message }));
    }
  };

  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('pets.register.title')}</Title>
          <Text c="dimmed">{t('pets.register.subtitle')}</Text>
        </div>
        {isLoading ? (
          <Center py="xl">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : !user ? (
          <LoginRequired message={t('pets.register.loginRequired')} />
        ) : (
          <>
            <SocialUserBox user={user} />
            {registered !== null && (
              <Alert
                color="teal"
                variant="light"
                icon={<IconCircleCheck aria-hidden />}
                title={t('pets.register.doneTitle', { name: registered })}
                role="status"
                ref={doneRef}
                tabIndex={-1}
              >
                <Stack gap="sm">
                  <Text size="sm">{t('pets.register.doneBody')}</Text>
                  <Group gap="sm">
                    <Button component={Link} to="/mypet" size="sm">
                      {t('pets.register.toList')}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}
            <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
              <form onSubmit={form.onSubmit((values) => void send(values), focusFirstInvalid)} noValidate>
                <Stack gap="lg">
                  <PetFields key={formKey} form={form} disabled={submitting} mode="register" />
                  <Button
                    type="submit"
                    size="md"
                    disabled={submitting}
                    leftSection={submitting ? <Loader size="xs" color="gray" aria-hidden /> : undefined}
                  >
                    {submitting ? t('pets.register.submitting') : t('pets.register.submit')}
                  </Button>
                  <Anchor component={Link} to="/mypet" ta="center" size="sm">
                    {t('pets.register.toList')}
                  </Anchor>
                </Stack>
              </form>
            </Paper>
          </>
        )}
      </Stack>
    </Container>
  );
}
