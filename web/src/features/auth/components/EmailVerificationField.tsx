import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconClock, IconLock } from '@tabler/icons-react';
import { LIMITS } from '@pawbridge/shared';
import { inputActionClass, withAction } from '@/components/form/input-action';
import { t } from '@/messages';
import { formatCountdown } from '../hooks/use-countdown';
import classes from './EmailVerificationField.module.css';
import type { VerificationStatus } from '../hooks/use-email-verification';

export interface EmailVerificationFieldProps {
  email: string;
  emailError?: string;
  code: string;
  codeError?: string;
  status: VerificationStatus;
  remaining: number;
  expired: boolean;
  sending: boolean;
  verifying: boolean;
  disabled?: boolean;
  onEmailChange: (email: string) => void;
  onCodeChange: (code: string) => void;
  onSend: () => void;
  onVerify: () => void;
  onChangeEmail: () => void;
}

/** The e-mail field with its verification sub-step (spec §4 and §5 "Sending a code"). */
export function EmailVerificationField(props: EmailVerificationFieldProps) {
  const { status, expired, sending, verifying } = props;
  const verified = status === 'verified';
  const sendLabel = verified ? t('auth.email.verifiedButton') : status === 'sent' ? t('auth.email.resend') : t('auth.email.send');

  return (
    <Stack gap="xs">
      <TextInput
        label={t('auth.signup.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        withAsterisk={false}
        value={props.email}
        onChange={(e) => props.onEmailChange(e.currentTarget.value)}
        readOnly={verified}
        classNames={verified ? { input: classes.locked } : undefined}
        rightSection={verified ? <IconLock size={16} aria-hidden /> : undefined}
        error={props.emailError}
        disabled={props.disabled}
        inputContainer={withAction(
          <Button
            variant="outline"
            className={verified ? `${inputActionClass} ${classes.verified}` : inputActionClass}
            leftSection={verified ? <IconCircleCheck size={18} aria-hidden /> : undefined}
            onClick={props.onSend}
            loading={sending}
            disabled={verified || props.disabled}
          >
            {sendLabel}
          </Button>,
        )}
      />

      {verified && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="teal.8" role="status">
            {t('auth.email.verified')}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={props.onChangeEmail} disabled={props.disabled}>
            {t('auth.email.change')}
          </Button>
        </Group>
      )}

      {status === 'sent' && (
        <TextInput
          label={t('auth.email.code')}
          placeholder={t('auth.email.codePlaceholder')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.verificationCodeLength}
          value={props.code}
          // Digits only, at most six: pasted "123 456" still works.
          onChange={(e) => props.onCodeChange(e.currentTarget.value.replace(/\D/g, '').slice(0, LIMITS.verificationCodeLength))}
          error={props.codeError ?? (expired ? t('auth.email.expired') : undefined)}
          description={
            expired ? undefined : (
              <Group component="span" gap={4} wrap="nowrap">
                <IconClock size={14} aria-hidden />
                <span role="timer">{t('auth.email.remaining', { time: formatCountdown(props.remaining) })}</span>
              </Group>
            )
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          disabled={props.disabled}
          inputContainer={withAction(
            <Button
              onClick={props.onVerify}
              loading={verifying}
              disabled={verifying || props.code === '' || expired || props.disabled}
              className={inputActionClass}
            >
              {t('auth.email.verify')}
            </Button>,
          )}
        />
      )}
    </Stack>
  );
}
