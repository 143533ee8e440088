import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { focusFirstInvalid } from '@/components/form/focus-first-invalid';
import { t } from '@/messages';
import { useLogin } from './api';
import { fullReload } from './full-reload';
import { EMPTY_LOGIN, validateLogin, type LoginValues } from './login-form';
import { SocialLoginButtons } from './components/SocialLoginButtons';
import { useSocialLoginError } from './hooks/use-social-login-error';
import { AuthCard } from './components/AuthCard';

// Long enough to read the success notification before the page reloads and it disappears.
const RELOAD_PAUSE_MS = 600;

export default function LoginPage() {
  useSocialLoginError();
  const form = useForm<LoginValues>({ mode: 'controlled', initialValues: EMPTY_LOGIN, validate: (values) => validateLogin(values).errors });
  const { trigger, submitting: sending } = useLogin();
  // Where a member-only tap came from (e.g. a heart on /adopt, issue 28): back there after login, our own paths only.
  const [params] = useSearchParams();
  const next = params.get('next');
  const after = next && /^\/(?![/\\])/.test(next) ? next : '/';
  // After success the page stays busy until the reload takes it away: no second login in between.
  const [leaving, setLeaving] = useState(false);
  const submitting = sending || leaving;

  const send = async (values: LoginValues) => {
    const { request } = validateLogin(values);
    if (!request) return;
    try {
      await trigger(request);
      setLeaving(true);
      notifySuccess(t('auth.login.success'));
      // A full reload (at / or where the member came from) so every part of the app starts from the new session (spec §2 Login).
      window.setTimeout(() => fullReload(after), RELOAD_PAUSE_MS);
    } catch (err) {
      notifyError(t('auth.login.failed', { error: errorMessage(err, 'auth.login.failedGeneric') }));
    }
  };

  return (
    <AuthCard width={440} title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={form.onSubmit((values) => void send(values), focusFirstInvalid)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.login.userId')}
            name="userId"
            autoComplete="username"
            required
            withAsterisk={false}
            {...form.getInputProps('userId')}
            disabled={submitting}
          />
          <PasswordInput
            label={t('auth.login.password')}
            name="password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            {...form.getInputProps('password')}
            disabled={submitting}
          />
          <Button type="submit" size="md" fullWidth loading={submitting} disabled={submitting}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
      <SocialLoginButtons disabled={submitting} />
      <Text ta="center" size="sm" mt="lg">
        {t('auth.login.noAccount')}{' '}
        <Anchor component={Link} to="/signup" fw={600}>
          {t('auth.login.toSignup')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
