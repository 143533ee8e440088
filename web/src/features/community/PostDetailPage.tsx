import { Anchor, Button, Container, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ListError, ListLoading } from '@/components/ListState';
import SafeImage from '@/components/SafeImage';
import { confirm, notifyError, notifySuccess } from '@/components/feedback/notify';
import { ApiError } from '@/lib/api-client';
import { PageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import { deletePost, useLivePost, usePost } from './api';
import { authorName, postDate, postIdOf } from './format';
import CommentSection from './components/CommentSection';
import LikeButton from './components/LikeButton';
import PostContent from './components/PostContent';
import PostTypeBadge from './components/PostTypeBadge';

/** A preview's description: the post's words without its markup, cut at about two lines. */
function plainExcerpt(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** /community/{postId}: the post, its like toggle and comments; edit and delete for its author only. */
export default function PostDetailPage() {
  const id = postIdOf(useParams().postId);
  const navigate = useNavigate();
  const { user } = useSession();
  const { post, error, isLoading, reload } = usePost(id);
  const [deleting, setDeleting] = useState(false);
  useLivePost(post);

  const remove = async () => {
    if (!post) return;
    const ok = await confirm({
      title: t('community.delete.title'),
      body: t('community.delete.body'),
      confirmLabel: t('community.delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    setDeleting(true);
    try {
      await deletePost(post.id);
      notifySuccess(t('community.delete.success'));
      navigate('/community', { replace: true });
    } catch (err) {
      notifyError(err instanceof ApiError && err.status === 403 ? t('community.delete.notAuthor') : t('community.delete.failed'));
      setDeleting(false);
    }
  };

  const back = (
    <Anchor component={Link} to="/community" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('community.detail.back')}
      </Group>
    </Anchor>
  );

  const notFound = id === null || (error instanceof ApiError && (error.status === 404 || error.status === 400));
  let body;
  if (notFound) body = <Text c="dimmed">{t('community.detail.notFound')}</Text>;
  else if (error) body = <ListError message={t('community.detail.failed')} onRetry={() => void reload()} />;
  else if (isLoading || !post) body = <ListLoading />;
  else {
    body = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="article">
        <PageMeta
          title={post.title}
          description={plainExcerpt(post.content)}
          image={post.imageUrl ?? undefined}
          path={`/community/${post.id}`}
          type="article"
        />
        <Stack gap="md">
          <Group gap="xs">
            <PostTypeBadge type={post.postType} />
          </Group>
          <Title order={1} fz={{ base: 22, sm: 28 }} style={{ wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
            {post.title}
          </Title>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dimmed">
              {t('community.detail.by')} {authorName(post.author)} · {t('community.detail.date')}{' '}
              <time dateTime={post.createdAt}>{postDate(post.createdAt)}</time>
            </Text>
            {post.isAuthor && (
              <Group gap="xs">
                <Button
                  component={Link}
                  to={`/community/${post.id}/edit`}
                  variant="light"
                  size="xs"
                  leftSection={<IconPencil size={16} aria-hidden />}
                >
                  {t('community.detail.edit')}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => void remove()}
                  loading={deleting}
                >
                  {t('community.detail.delete')}
                </Button>
              </Group>
            )}
          </Group>
          {post.imageUrl && (
            <SafeImage
              src={post.imageUrl}
              alt={t('community.detail.imageAlt', { title: post.title })}
              radius="md"
              mah={480}
              fit="contain"
              bg="gray.1"
              fallback={null}
            />
          )}
          <PostContent html={post.content} />
          <Group>
            <LikeButton postId={post.id} loggedIn={Boolean(user)} />
          </Group>
          <Divider />
          <CommentSection postId={post.id} loggedIn={Boolean(user)} />
        </Stack>
      </Paper>
    );
  }

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        {back}
        {body}
      </Stack>
    </Container>
  );
}
