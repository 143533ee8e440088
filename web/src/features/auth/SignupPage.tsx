import { useState, type ReactNode } from 'react';
import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { NicknameCheckQuerySchema, UserIdCheckQuerySchema } from '@pawbridge/shared';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { focusFirstInvalid } from '@/components/form/focus-first-invalid';
import { showServerErrors } from '@/components/form/server-errors';
import { ApiError } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/public-config';
import { schemaCheck } from '@/components/form/schema-check';
import { inputActionClass, withAction } from '@/components/form/input-action';
import { t } from '@/messages';
import { checkNickname, checkUserId, useSignup } from './api';
import { useAvailability, type AvailabilityState } from './hooks/use-availability';
import { EmailVerificationField } from './components/EmailVerificationField';
import { useEmailVerification } from './hooks/use-email-verification';
import { EMPTY_SIGNUP, signupFieldOf, signupKeyMessage, signupRuleMessage, validateSignup, type SignupValues } from './signup-form';
import { AuthCard } from './components/AuthCard';

type CheckedField = 'userId' | 'nickname';

/** The line under a checked field: the hint, or what the last availability check of this very value said. */
function checkDescription(state: AvailabilityState, field: CheckedField, hint: string): ReactNode {
  if (state.status === 'free') {
    return (
      <Text component="span" size="xs" c="teal.8" fw={600} role="status">
        ✓ {t(field === 'userId' ? 'auth.signup.userIdFree' : 'auth.signup.nicknameFree')}
      </Text>
    );
  }
  if (state.status === 'failed') {
    return (
      <Text component="span" size="xs" role="status">
        {state.error instanceof ApiError && state.error.code === 'RATE_LIMITED' ? errorMessage(state.error) : t('auth.signup.checkFailed')}
      </Text>
    );
  }
  return hint;
}

export default function SignupPage() {
  const navigate = useNavigate();
  const { config } = usePublicConfig();
  // The nickname field and the availability checks exist only where the upstream keeps nicknames (not the legacy service).
  const withNames = config?.nicknames === true;
  const userIdCheck = useAvailability(checkUserId);
  const nicknameCheck = useAvailability(checkNickname);
  const verification = useEmailVerification();
  const verified = verification.status === 'verified';
  const form = useForm<SignupValues>({
    mode: 'controlled',
    initialValues: EMPTY_SIGNUP,
    validate: (values) => {
      const checked = validateSignup(values, verified);
      return checked.ok ? {} : checked.errors;
    },
  });
  const { trigger, submitting } = useSignup();
  // The code is not part of the request: it only proves the address (its error still sits on the form).
  const [code, setCode] = useState('');
  const errors = form.errors as Partial<Record<keyof SignupValues | 'code', string>>;

  const onEmailChange = (email: string) => {
    form.setFieldValue('email', email);
    // A code or verification belongs to the address it was sent to.
    if (verification.status !== 'idle') {
      verification.reset();
      setCode('');
    }
  };

  const onSend = async () => {
    form.clearFieldError('email');
    form.clearFieldError('code');
    const email = form.getValues().email;
    const result = await verification.send(email);
    if (result.ok) {
      setCode('');
      notifySuccess(t('auth.email.sent', { email: email.trim() }));
    } else {
      form.setFieldError('email', result.message);
    }
  };

  const onVerify = async () => {
    const result = await verification.verify(form.getValues().email, code);
    if (result.ok) {
      form.clearFieldError('email');
      form.clearFieldError('code');
      notifySuccess(t('auth.email.verified'));
    } else {
      form.setFieldError('code', result.message);
    }
  };

  const onChangeEmail = () => {
    verification.reset();
    setCode('');
  };

  /** The availability check: the value checked with the shared rule first (no call for an id that could never be taken), then asked. */
  const onCheck = async (field: CheckedField) => {
    const value = form.getValues()[field].trim();
    const place = (path: string, key: string) => (path === field ? { field, message: signupRuleMessage(field, key) } : undefined);
    const { errors: found } =
      field === 'userId'
        ? schemaCheck(UserIdCheckQuerySchema, { userId: value }, place)
        : schemaCheck(NicknameCheckQuerySchema, { nickname: value }, place);
    if (found[field]) {
      form.setFieldError(field, found[field]);
      return;
    }
    form.clearFieldError(field);
    const result = await (field === 'userId' ? userIdCheck : nicknameCheck).check(value);
    if (result.status === 'taken')
      form.setFieldError(field, t(field === 'userId' ? 'errors.field.userIdTaken' : 'errors.field.nicknameTaken'));
  };

  const checkButton = (field: CheckedField) => {
    const state = (field === 'userId' ? userIdCheck : nicknameCheck).stateFor(form.values[field].trim());
    return (
      <Button
        variant="outline"
        onClick={() => void onCheck(field)}
        loading={state.status === 'checking'}
        disabled={submitting || form.values[field].trim() === ''}
        aria-label={`${t(field === 'userId' ? 'auth.signup.userId' : 'auth.signup.nickname')} ${t('auth.signup.check')}`}
        className={inputActionClass}
      >
        {t('auth.signup.check')}
      </Button>
    );
  };

  const send = async (values: SignupValues) => {
    const checked = validateSignup(values, verified);
    if (!checked.ok) return;
    try {
      await trigger(checked.request);
      notifySuccess(t('auth.signup.success'));
      form.reset();
      setCode('');
      verification.reset();
      navigate('/login');
    } catch (err) {
      const extra: Record<string, string | undefined> = {};
      if (err instanceof ApiError) {
        if (err.code === 'USER_ID_TAKEN') extra.userId = errorMessage(err);
        if (err.code === 'NICKNAME_TAKEN') extra.nickname = errorMessage(err);
        if (err.code === 'EMAIL_ALREADY_REGISTERED') extra.email = errorMessage(err);
        if (err.code === 'EMAIL_NOT_VERIFIED') {
          // The server no longer holds the verification (it lapses): start the sub-step again.
          verification.reset();
          extra.email = errorMessage(err);
        }
      }
      showServerErrors(form, err, { fieldOf: signupFieldOf, messageOf: signupKeyMessage, extra });
      notifyError(t('auth.signup.failed', { error: errorMessage(err) }));
    }
  };

  return (
    <AuthCard width={560} title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
      <form onSubmit={form.onSubmit((values) => void send(values), focusFirstInvalid)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.signup.name')}
            name="name"
            autoComplete="name"
            required
            withAsterisk={false}
            {...form.getInputProps('name')}
            disabled={submitting}
          />
          <TextInput
            label={t('auth.signup.userId')}
            description={
              withNames
                ? checkDescription(userIdCheck.stateFor(form.values.userId.trim()), 'userId', t('auth.signup.userIdHint'))
                : t('auth.signup.userIdHint')
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            name="userId"
            autoComplete="username"
            required
            withAsterisk={false}
            {...form.getInputProps('userId')}
            disabled={submitting}
            // Always the same wrapper, so the input is not remounted (losing focus) when the config arrives.
            inputContainer={withAction(withNames ? checkButton('userId') : null)}
          />
          {withNames && (
            <TextInput
              label={t('auth.signup.nickname')}
              description={checkDescription(nicknameCheck.stateFor(form.values.nickname.trim()), 'nickname', t('auth.signup.nicknameHint'))}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              name="nickname"
              autoComplete="nickname"
              placeholder={form.values.name.trim() || undefined}
              {...form.getInputProps('nickname')}
              disabled={submitting}
              inputContainer={withAction(checkButton('nickname'))}
            />
          )}
          <EmailVerificationField
            email={form.values.email}
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
              form.clearFieldError('code');
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
              {...form.getInputProps('password')}
              disabled={submitting}
            />
            <PasswordInput
              label={t('auth.signup.confirmPassword')}
              name="confirmPassword"
              autoComplete="new-password"
              required
              withAsterisk={false}
              {...form.getInputProps('confirmPassword')}
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
              {...form.getInputProps('birth')}
              disabled={submitting}
            />
            <TextInput
              label={t('auth.signup.phone')}
              description={t('auth.signup.phoneHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              placeholder={t('auth.signup.phonePlaceholder')}
              type="tel"
              name="phoneNm"
              autoComplete="tel"
              inputMode="tel"
              required
              withAsterisk={false}
              {...form.getInputProps('phoneNm')}
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
