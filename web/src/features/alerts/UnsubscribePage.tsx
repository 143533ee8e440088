import '@/messages/alerts-screens';
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import type { EmailKind } from '@pawbridge/shared/alerts.schema';
import { errorMessage } from '@/components/feedback/notify';
import { t, type MessageKey } from '@/messages';
import { unsubscribe } from './api';

type State = { at: 'working' } | { at: 'done'; kind: EmailKind } | { at: 'failed'; message: string };

/**
 * /unsubscribe?token=… — the page an e-mail's link opens, with no login: it confirms the unsubscribe at once
 * (a POST from the page, so a mail scanner that only fetches the link changes nothing) and says which kind.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(token ? { at: 'working' } : { at: 'failed', message: t('unsubscribe.missing') });
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    unsubscribe(token).then(
      (a) => setState({ at: 'done', kind: a.kind }),
      (err: unknown) => setState({ at: 'failed', message: errorMessage(err) }),
    );
  }, [token]);

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('unsubscribe.title')}
        </Title>
        {state.at === 'working' && (
          <Text role="status" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Loader size="sm" aria-hidden />
            {t('unsubscribe.working')}
          </Text>
        )}
        {state.at === 'done' && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('unsubscribe.done')} role="status">
            <Stack gap={6}>
              <Text size="sm">{t('unsubscribe.doneKind', { kind: t(`emailPrefs.kind.${state.kind}` as MessageKey) })}</Text>
              <Text size="sm">{t('unsubscribe.again')}</Text>
            </Stack>
          </Alert>
        )}
        {state.at === 'failed' && (
          <Alert color="red" variant="light" title={t('unsubscribe.failed')} role="alert">
            {state.message}
          </Alert>
        )}
        <Anchor component={Link} to="/mypage/alerts" mih={44} style={{ display: 'inline-flex', alignItems: 'center' }}>
          {t('unsubscribe.toMypage')}
        </Anchor>
      </Stack>
    </Container>
  );
}
