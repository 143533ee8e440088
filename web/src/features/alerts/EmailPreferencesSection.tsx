import { Stack, Switch, Text, Title } from '@mantine/core';
import { EMAIL_KINDS } from '@pawbridge/shared/alerts.schema';
import { errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { t } from '@/messages';
import { useEmailPreferences } from './api';

/** Each e-mail kind switched on or off (the same switch an e-mail's unsubscribe link turns off). */
export default function EmailPreferencesSection() {
  const { preferences, set } = useEmailPreferences(true);
  return (
    <Stack gap="sm" component="section" aria-labelledby="email-prefs-title">
      <Title order={2} size="h4" id="email-prefs-title">
        {t('emailPrefs.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('emailPrefs.intro')}
      </Text>
      {EMAIL_KINDS.map((kind) => (
        <Switch
          key={kind}
          size="md"
          label={t(`emailPrefs.kind.${kind}`)}
          checked={preferences?.[kind] ?? true}
          disabled={!preferences}
          styles={{ body: { minHeight: 44, alignItems: 'center' } }}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            set(kind, on).then(
              () => notifySuccess(t('emailPrefs.saved')),
              (err: unknown) => notifyError(errorMessage(err)),
            );
          }}
        />
      ))}
    </Stack>
  );
}
