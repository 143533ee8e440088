import { useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { signup } from './api';
import { EmailVerificationField } from './components/EmailVerificationField';
import { useEmailVerification } from './hooks/use-email-verification';
import { EMPTY_SIGNUP, serverFieldErrors, validateSignup, type SignupErrors, type SignupValues } from './signup-form';
import { AuthCard } from './components/AuthCard';

export default function SignupPage() {
  const navigate = useNavigate();
  const verification = useEmailVerification();
  const [values, setValues] = useState<SignupValues>(EMPTY_SIGNUP);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<SignupErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const setField = (field: keyof SignupValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onEmailChange = (email: string) => {
    setField('email', email);
    // A code or verification belongs to the address it was sent to.
    if (verification.status !== 'idle') {
      verification.reset();
      setCode('');
    }
  };

  const onSend = async () => {
    setErrors((e) => ({ ...e, email: undefined, code: undefined }));
    const result = await verification.send(values.email);
    if (result.ok) {
      setCode('');
      notifySuccess(t('auth.email.sent', { email: values.email.trim() }));
    } else {
      setErrors((e) => ({ ...e, email: result.message }));
    }
  };

  const onVerify = async () => {
    const result = await verification.verify(values.email, code);
    if (result.ok) {
      setErrors((e) => ({ ...e, email: undefined, code: undefined }));
      notifySuccess(t('auth.email.verified'));
    } else {
      setErrors((e) => ({ ...e, code: result.message }));
    }
  };

  const onChangeEmail = () => {
    verification.reset();
    setCode('');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateSignup(values, verification.status === 'verified');
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSubmitting(true);
    try {
      await signup(checked.request);
      notifySuccess(t('auth.signup.success'));
      setValues(EMPTY_SIGNUP);
      setCode('');
      verification.reset();
      setErrors({});
      navigate('/login');
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? serverFieldErrors(err.fieldErrors) : {};
      if (err instanceof ApiError) {
        if (err.code === 'USER_ID_TAKEN') fieldErrors.userId ??= err.message;
        if (err.code === 'EMAIL_ALREADY_REGISTERED') fieldErrors.email ??= err.message;
        if (err.code === 'EMAIL_NOT_VERIFIED') {
          // The server no longer holds the verification (it lapses): start the sub-step again.
          verification.reset();
          fieldErrors.email ??= err.message;
        }
      }
      setErrors(fieldErrors);
      notifyError(t('auth.signup.failed', { error: errorMessage(err) }));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard width={560} title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.signup.name')}
            name="name"
            autoComplete="name"
            required
            withAsterisk={false}
            value={values.name}
            onChange={(e) => setField('name', e.currentTarget.value)}
            error={errors.name}
            disabled={submitting}
          />
          <TextInput
            label={t('auth.signup.userId')}
            description={t('auth.signup.userIdHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            name="userId"
            autoComplete="username"
            required
            withAsterisk={false}
            value={values.userId}
            onChange={(e) => setField('userId', e.currentTarget.value)}
            error={errors.userId}
            disabled={submitting}
          />
          <EmailVerificationField
            email={values.email}
            emailError={errors.email}
            code={code}
            codeError={errors.code}
            status={verification.status}
            remaining={verification.remaining}
            expired={verification.expired}
            sending={verification.sending}
            verifying={verification.verifying}
            disabled={submitting}
            onEmailChange={onEmailChange}
            onCodeChange={(c) => {
              setCode(c);
              setErrors((e) => ({ ...e, code: undefined }));
            }}
            onSend={onSend}
            onVerify={onVerify}
            onChangeEmail={onChangeEmail}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <PasswordInput
              label={t('auth.signup.password')}
              description={t('auth.signup.passwordHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              name="password"
              autoComplete="new-password"
              required
              withAsterisk={false}
              value={values.password}
              onChange={(e) => setField('password', e.currentTarget.value)}
              error={errors.password}
              disabled={submitting}
            />
            <PasswordInput
              label={t('auth.signup.confirmPassword')}
              name="confirmPassword"
              autoComplete="new-password"
              required
              withAsterisk={false}
              value={values.confirmPassword}
              onChange={(e) => setField('confirmPassword', e.currentTarget.value)}
              error={errors.confirmPassword}
              disabled={submitting}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('auth.signup.birth')}
              type="date"
              name="birth"
              autoComplete="bday"
              required
              withAsterisk={false}
              max={new Date().toISOString().slice(0, 10)}
              value={values.birth}
              onChange={(e) => setField('birth', e.currentTarget.value)}
              error={errors.birth}
              disabled={submitting}
            />
            <TextInput
              label={t('auth.signup.phone')}
              placeholder={t('auth.signup.phonePlaceholder')}
              type="tel"
              name="phoneNm"
              autoComplete="tel"
              inputMode="tel"
              required
              withAsterisk={false}
              value={values.phoneNm}
              onChange={(e) => setField('phoneNm', e.currentTarget.value)}
              error={errors.phoneNm}
              disabled={submitting}
            />
          </SimpleGrid>
          <Button type="submit" size="md" fullWidth mt="xs" loading={submitting} disabled={submitting}>
            {submitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm" mt="lg">
        {t('auth.signup.hasAccount')}{' '}
        <Anchor component={Link} to="/login" fw={600}>
          {t('auth.signup.toLogin')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
