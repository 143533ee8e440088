import { useState, type ReactNode } from 'react';
import { Button, Card, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@pawbridge/shared';
import { InfoLine } from '@/components/InfoLine';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { showServerErrors } from '@/components/form/server-errors';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { usePublicConfig } from '@/lib/public-config';
import { t } from '@/messages';
import { useUpdateProfile } from '../api';
import { NicknameEditor } from './NicknameEditor';
import { emailChanged, profileKeyMessage, profileValues, validateProfile, type ProfileValues } from '../profile-form';

/** What the e-mail change slot gets: it shows the address field with its verification step and reports back. */
export interface EmailChangeSlot {
  email: string;
  error?: string;
  onChange: (email: string, verified: boolean) => void;
  disabled: boolean;
}

interface Props {
  /** The app puts the signup's e-mail verification step here (features do not import each other). */
  renderEmailChange: (slot: EmailChangeSlot) => ReactNode;
}

function loginWay(user: SessionUser): string {
  if (user.provider) return t('mypage.info.loginSocial', { provider: t(`provider.${user.provider}`) });
  if (user.socialId) return t('mypage.info.loginSocialUnknown');
  return t('mypage.info.loginLocal');
}

function ProfileView({ user, onEdit }: { user: SessionUser; onEdit: () => void }) {
  const none = t('mypage.info.none');
  const { config } = usePublicConfig();
  return (
    <Stack gap="sm">
      <InfoLine label={t('mypage.info.name')} value={user.name ?? none} labelWidth={96} />
      {/* Nicknames exist only where the upstream keeps them (not the legacy service). */}
      {config?.nicknames === true && <NicknameEditor user={user} />}
      <InfoLine label={t('mypage.info.userId')} value={user.userId} labelWidth={96} />
      <InfoLine label={t('mypage.info.email')} value={user.email ?? none} labelWidth={96} />
      <InfoLine label={t('mypage.info.birth')} value={user.birth ?? none} labelWidth={96} />
      <InfoLine label={t('mypage.info.phone')} value={user.phoneNm ?? none} labelWidth={96} />
      <InfoLine label={t('mypage.info.login')} value={loginWay(user)} labelWidth={96} />
      <Group>
        <Button onClick={onEdit}>{t('mypage.info.edit')}</Button>
      </Group>
    </Stack>
  );
}

function ProfileForm({ user, onDone, renderEmailChange }: { user: SessionUser; onDone: () => void } & Props) {
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const form = useForm<ProfileValues>({ mode: 'controlled', initialValues: profileValues(user) });
  const [changingEmail, setChangingEmail] = useState(false);
  const [emailVerified, setEmailVerified] = useState(false);
  const [saving, setSaving] = useState(false);

  const keepEmail = () => {
    setChangingEmail(false);
    setEmailVerified(false);
    form.setFieldValue('email', user.email ?? '');
    form.clearFieldError('email');
  };

  const save = async () => {
    const values = form.getValues();
    const { errors, request } = validateProfile(values, user, emailVerified);
    form.setErrors(errors);
    if (!request) return;
    setSaving(true);
    try {
      await updateProfile(request);
      notifySuccess(t('mypage.info.saved'));
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        navigate('/login', { replace: true });
        return;
      }
      if (err instanceof ApiError && err.code === 'UPSTREAM_UNSUPPORTED') {
        notifyError(t('mypage.info.unsupported'));
        return;
      }
      if (!showServerErrors(form, err, { messageOf: profileKeyMessage })) notifyError(errorMessage(err, 'mypage.info.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md" maw={520}>
        {changingEmail ? (
          <Stack gap={4}>
            {renderEmailChange({
              email: form.getValues().email,
              error: form.errors.email as string | undefined,
              disabled: saving,
              onChange: (email, verified) => {
                form.setFieldValue('email', email);
                form.clearFieldError('email');
                setEmailVerified(verified && emailChanged(user, email));
              },
            })}
            <Text size="xs" c="dimmed">
              {t('mypage.info.emailHint')}
            </Text>
            <Group>
              <Button variant="subtle" size="xs" onClick={keepEmail}>
                {t('mypage.info.keepEmail')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('mypage.info.email')}
              type="email"
              value={user.email ?? ''}
              readOnly
              error={form.errors.email}
            />
            <Button variant="outline" onClick={() => setChangingEmail(true)} disabled={saving}>
              {t('mypage.info.changeEmail')}
            </Button>
          </Group>
        )}
        <TextInput
          label={t('mypage.info.birth')}
          type="date"
          required
          withAsterisk={false}
          {...form.getInputProps('birth')}
          disabled={saving}
        />
        <TextInput
          label={t('mypage.info.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          withAsterisk={false}
          placeholder={t('mypage.info.phonePlaceholder')}
          {...form.getInputProps('phoneNm')}
          disabled={saving}
        />
        <Group gap="sm">
          <Button type="submit" loading={saving}>
            {t('mypage.info.save')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t('mypage.info.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** My info: the session's account details, and the edit form that saves e-mail, birth and phone. */
export default function ProfileTab({ renderEmailChange }: Props) {
  const { user, isLoading, unreachable, refresh } = useSession();
  const [editing, setEditing] = useState(false);

  const body = () => {
    if (unreachable) {
      return (
        <Paper withBorder p="lg" radius="md">
          <Stack align="center" ta="center">
            <Text role="alert">{t('mypage.info.failed')}</Text>
            <Button variant="light" onClick={() => void refresh()}>
              {t('mypage.retry')}
            </Button>
          </Stack>
        </Paper>
      );
    }
    if (isLoading || !user) {
      return (
        <Center py="lg">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text c="dimmed" role="status">
              {t('mypage.info.loading')}
            </Text>
          </Stack>
        </Center>
      );
    }
    return editing ? (
      <ProfileForm user={user} onDone={() => setEditing(false)} renderEmailChange={renderEmailChange} />
    ) : (
      <ProfileView user={user} onEdit={() => setEditing(true)} />
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="mypage-info-title">
      <Title order={2} size="h3" id="mypage-info-title" mb="md">
        {t('mypage.info.title')}
      </Title>
      {body()}
    </Card>
  );
}
