import { useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { t } from '@/messages';
import { login } from './api';
import { fullReload } from './full-reload';
import { SocialLoginButtons } from './components/SocialLoginButtons';
import { useSocialLoginError } from './hooks/use-social-login-error';
import { AuthCard } from './components/AuthCard';

type LoginErrors = { userId?: string; password?: string };

// Long enough to read the success notification before the page reloads and it disappears.
const RELOAD_PAUSE_MS = 600;

export default function LoginPage() {
  useSocialLoginError();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: LoginErrors = {};
    if (userId.trim() === '') next.userId = t('auth.login.userIdRequired');
    if (password === '') next.password = t('auth.login.passwordRequired');
    setErrors(next);
    if (next.userId || next.password) return;
    setSubmitting(true);
    try {
      await login({ userId: userId.trim(), password });
      notifySuccess(t('auth.login.success'));
      // A full reload at / so every part of the app starts from the new session (spec §2 Login).
      window.setTimeout(() => fullReload('/'), RELOAD_PAUSE_MS);
    } catch (err) {
      notifyError(t('auth.login.failed', { error: errorMessage(err, 'auth.login.failedGeneric') }));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard width={440} title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.login.userId')}
            name="userId"
            autoComplete="username"
            required
            withAsterisk={false}
            value={userId}
            onChange={(e) => {
              setUserId(e.currentTarget.value);
              setErrors((x) => ({ ...x, userId: undefined }));
            }}
            error={errors.userId}
            disabled={submitting}
          />
          <PasswordInput
            label={t('auth.login.password')}
            name="password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
            error={errors.password}
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
