import '@/messages/lost-comments';
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router';
import { toFieldErrorKeys } from '@pawbridge/shared';
import { LOST_COMMENT_LIMITS, LostCommentRequestSchema, type LostComment } from '@pawbridge/shared/lost.schema';
import { ListError, ListLoading } from '@/components/ListState';
import LoadMore from '@/components/LoadMore';
import { confirm, errorMessage, notifyError, notifySuccess, unreachableMessage } from '@/components/feedback/notify';
import { serverFieldMessage } from '@/components/form/server-errors';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { t, tKey, tMaybe } from '@/messages';
import { addLostComment, deleteLostComment, useLostComments } from './lost-comments.api';

const validationText = (key: string) => tKey(`lostComments.validation.${key}`, 'lostComments.validation.invalid');
const knownValidation = (key: string) => tMaybe(`lostComments.validation.${key}`);

/** Month, day and time of day (12-hour, Korean style) in Korea's time. */
const when = (iso: string) =>
  new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );

/**
 * The comments of a lost-and-found post (issue 27; docs/decisions/0041): the list (authors by nickname,
 * oldest first, paged), a form for members (a visitor gets the login link) and a delete button on the member's own
 * comments (an admin's on every one). The post page places it; it reads the session itself.
 */
export default function LostComments({ postId }: { postId: number }) {
  const { user } = useSession();
  const { items, total, error: loadError, isLoading, hasMore, loadingMore, loadMore, reload } = useLostComments(postId);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const loggedIn = user !== null;
  const inputId = `lost-comment-${postId}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = LostCommentRequestSchema.safeParse({ content });
    if (!parsed.success) {
      setError(validationText(toFieldErrorKeys(parsed.error).content ?? 'invalid'));
      return;
    }
    setSending(true);
    try {
      await addLostComment(postId, parsed.data.content);
      setContent('');
      setError(null);
      notifySuccess(t('lostComments.sent'));
      await reload();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(serverFieldMessage(err, 'content', knownValidation) ?? errorMessage(err));
      else if (err instanceof ApiError && err.reason) notifyError(errorMessage(err));
      else notifyError(unreachableMessage(err) ?? t('lostComments.failed'));
    } finally {
      setSending(false);
    }
  };

  const remove = async (c: LostComment) => {
    const sure = await confirm({
      title: t('lostComments.deleteTitle'),
      body: t('lostComments.deleteBody'),
      confirmLabel: t('lostComments.delete'),
      danger: true,
    });
    if (!sure) return;
    try {
      await deleteLostComment(postId, c.id);
      notifySuccess(t('lostComments.deleted'));
    } catch (err) {
      notifyError(err instanceof ApiError && err.reason ? errorMessage(err) : (unreachableMessage(err) ?? t('lostComments.deleteFailed')));
    }
    await reload();
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={`${inputId}-heading`}>
      <Title order={2} size="h4" id={`${inputId}-heading`}>
        {t('lostComments.heading', { count: total })}
      </Title>

      {loadError ? (
        <ListError message={t('lostComments.loadFailed')} onRetry={() => void reload()} />
      ) : isLoading || !items ? (
        <ListLoading />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('lostComments.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((c) => (
            <Paper key={c.id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group gap="xs" mb={4}>
                  <Text size="sm" fw={600}>
                    {c.author}
                  </Text>
                  {c.mine && (
                    <Badge size="xs" variant="light">
                      {t('lostComments.mine')}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed" component="time" dateTime={c.createdAt}>
                    {when(c.createdAt)}
                  </Text>
                </Group>
                {c.deletable && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    mih={44}
                    miw={44}
                    aria-label={t('lostComments.deleteLabel', { author: c.author })}
                    onClick={() => void remove(c)}
                  >
                    {t('lostComments.delete')}
                  </Button>
                )}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.content}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      {items && hasMore && <LoadMore shown={items.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} />}

      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="xs">
          <Textarea
            id={inputId}
            label={t('lostComments.label')}
            placeholder={loggedIn ? t('lostComments.placeholder') : t('lostComments.loginPlaceholder')}
            value={content}
            onChange={(e) => {
              setContent(e.currentTarget.value);
              setError(null);
            }}
            maxLength={LOST_COMMENT_LIMITS.max}
            rows={3}
            disabled={!loggedIn}
            error={error}
            description={t('lostComments.count', { length: content.length, max: LOST_COMMENT_LIMITS.max })}
          />
          <Group justify="space-between">
            {!loggedIn ? (
              <Anchor component={Link} to="/login" size="sm" mih={44} style={{ display: 'inline-flex', alignItems: 'center' }}>
                {t('lostComments.login')}
              </Anchor>
            ) : (
              <span />
            )}
            <Button type="submit" mih={44} disabled={!loggedIn || content.trim() === ''} loading={sending}>
              {t('lostComments.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
