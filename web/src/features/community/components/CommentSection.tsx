import { useState } from 'react';
import { Anchor, Button, Collapse, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CommentRequestSchema, COMMUNITY_LIMITS, toFieldErrorKeys } from '@pawbridge/shared';
import { ListError, ListLoading } from '@/components/ListState';
import { errorMessage, notifyError, notifySuccess, unreachableMessage } from '@/components/feedback/notify';
import { serverFieldMessage } from '@/components/form/server-errors';
import { touchTargetClass } from '@/components/form/input-action';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { addComment, useComments } from '../api';
import { authorName, postDate, validationText, validationTextIfKnown } from '../format';

/** Spec §2 Post detail: a comment toggle, the form (login, non-blank, ≤ 500, disabled while empty) and the list. */
export default function CommentSection({ postId, loggedIn }: { postId: number; loggedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { comments, error: loadError, isLoading, reload } = useComments(postId);
  const count = comments?.length ?? 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CommentRequestSchema.safeParse({ content });
    if (!parsed.success) {
      setError(validationText(toFieldErrorKeys(parsed.error).content ?? 'invalid'));
      return;
    }
    setSending(true);
    try {
      await addComment(postId, parsed.data.content);
      setContent('');
      setError(null);
      setOpen(true);
      notifySuccess(t('community.comments.success'));
      await reload();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        setError(serverFieldMessage(err, 'content', validationTextIfKnown) ?? errorMessage(err));
      else notifyError(unreachableMessage(err) ?? t('community.comments.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group>
        <Button
          variant="subtle"
          className={touchTargetClass}
          leftSection={<IconMessageCircle size={18} aria-hidden />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="post-comments"
        >
          {open ? t('community.comments.hide') : t('community.comments.show', { count })}
        </Button>
      </Group>

      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="xs">
          <Textarea
            label={t('community.comments.label')}
            placeholder={loggedIn ? t('community.comments.placeholder') : t('community.comments.loginPlaceholder')}
            value={content}
            onChange={(e) => {
              setContent(e.currentTarget.value);
              setError(null);
            }}
            maxLength={COMMUNITY_LIMITS.commentMax}
            rows={3}
            disabled={!loggedIn}
            error={error}
            description={t('community.comments.count', { length: content.length, max: COMMUNITY_LIMITS.commentMax })}
          />
          <Group justify="space-between">
            {!loggedIn ? (
              <Anchor component={Link} to="/login" size="sm">
                {t('community.form.loginRequired')}
              </Anchor>
            ) : (
              <span />
            )}
            <Button type="submit" className={touchTargetClass} disabled={!loggedIn || content.trim() === ''} loading={sending}>
              {t('community.comments.submit')}
            </Button>
          </Group>
        </Stack>
      </form>

      <Collapse expanded={open} id="post-comments">
        <Stack gap="xs" component="section" aria-label={t('community.comments.heading')}>
          {loadError ? (
            <ListError message={t('community.comments.loadFailed')} onRetry={() => void reload()} />
          ) : isLoading || !comments ? (
            <ListLoading />
          ) : comments.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('community.comments.empty')}
            </Text>
          ) : (
            comments.map((c) => (
              <Paper key={c.id} withBorder radius="md" p="sm">
                <Group gap="xs" mb={4}>
                  <Text size="sm" fw={600}>
                    {authorName(c.author)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {postDate(c.createdAt)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.content}
                </Text>
              </Paper>
            ))
          )}
        </Stack>
      </Collapse>
    </Stack>
  );
}
