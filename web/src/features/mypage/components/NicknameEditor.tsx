import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { NicknameUpdateRequestSchema, type SessionUser } from '@pawbridge/shared';
import { InfoLine } from '@/components/InfoLine';
import { touchTargetClass } from '@/components/form/input-action';
import { errorMessage, notifySuccess } from '@/components/feedback/notify';
import { schemaCheck } from '@/components/form/schema-check';
import { ApiError } from '@/lib/api-client';
import { t, tKey } from '@/messages';
import { useUpdateNickname } from '../api';

/**
 * The nickname: what other members see instead of the login id. Shown with a change
 * control; a nickname someone else holds is refused with a clear sentence.
 */
export function NicknameEditor({ user }: { user: SessionUser }) {
  const updateNickname = useUpdateNickname();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(user.nickname ?? '');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const { errors, data } = schemaCheck(NicknameUpdateRequestSchema, { nickname: value }, (path, key) =>
      path === 'nickname' ? { field: path, message: tKey(`mypage.info.${key}`, 'mypage.info.nicknamePattern') } : undefined,
    );
    if (!data) {
      setError(errors.nickname);
      return;
    }
    setSaving(true);
    try {
      await updateNickname(data);
      notifySuccess(t('mypage.info.nicknameSaved'));
      setEditing(false);
      setError(undefined);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'NICKNAME_TAKEN') setError(t('mypage.info.nicknameTaken'));
      else setError(errorMessage(err, 'mypage.info.nicknameSaveFailed'));
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <Group gap="md" wrap="nowrap" align="center">
        <InfoLine label={t('mypage.info.nickname')} value={user.nickname ?? t('mypage.info.none')} labelWidth={96} />
        <Button
          size="xs"
          variant="light"
          className={touchTargetClass}
          onClick={() => {
            setValue(user.nickname ?? '');
            setError(undefined);
            setEditing(true);
          }}
        >
          {t('mypage.info.nicknameEdit')}
        </Button>
      </Group>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap={6} maw={520}>
        <TextInput
          label={t('mypage.info.nickname')}
          description={t('mypage.info.nicknameHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          autoComplete="nickname"
          disabled={saving}
          data-autofocus
        />
        <Group gap="sm">
          <Button type="submit" size="sm" loading={saving} className={touchTargetClass}>
            {t('mypage.info.nicknameSave')}
          </Button>
          <Button size="sm" variant="default" onClick={() => setEditing(false)} disabled={saving} className={touchTargetClass}>
            {t('mypage.info.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
