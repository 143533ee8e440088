import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Container, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import {
  COMMUNITY_LIMITS,
  POST_TYPES,
  PostEditRequestSchema,
  toFieldErrorKeys,
  type CommunityPost,
  type PostType,
} from '@pawbridge/shared';
import ImageInput from '@/components/form/ImageInput';
import { serverFieldMessage } from '@/components/form/server-errors';
import { focusFirstInvalid } from '@/components/form/focus-first-invalid';
import { ListError, ListLoading } from '@/components/ListState';
import SafeImage from '@/components/SafeImage';
import { errorMessage, notifyError, notifyInfo, notifySuccess } from '@/components/feedback/notify';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import { createPost, editPost, usePost } from './api';
import { postIdOf, typeLabel, validationText, validationTextIfKnown } from './format';
import RichTextField from './components/RichTextField';

type Errors = Partial<Record<'postType' | 'title' | 'strContent' | 'image', string>>;

/** /community/createPost and /community/{postId}/edit: category, title, optional cover and the rich-text body. */
export default function PostFormPage() {
  const rawId = useParams().postId;
  const editing = rawId !== undefined;
  const id = postIdOf(rawId);
  const navigate = useNavigate();
  const { user, isLoading: sessionLoading } = useSession();
  const { post, error: loadError, isLoading, reload, set } = usePost(editing && user ? id : null);
  const told = useRef(false);

  // Writing needs a login (spec §5); an edit needs the author.
  useEffect(() => {
    if (sessionLoading || told.current) return;
    if (!user) {
      told.current = true;
      notifyInfo(t('community.form.loginRequired'));
      navigate('/login', { replace: true });
    } else if (editing && post && !post.isAuthor) {
      told.current = true;
      notifyError(t('community.form.notAuthor'));
      navigate(`/community/${post.id}`, { replace: true });
    }
  }, [sessionLoading, user, editing, post, navigate]);

  let body;
  if (sessionLoading || !user) body = <ListLoading />;
  else if (editing && (id === null || (loadError instanceof ApiError && loadError.status === 404)))
    body = <Text c="dimmed">{t('community.detail.notFound')}</Text>;
  else if (editing && loadError) body = <ListError message={t('community.detail.failed')} onRetry={() => void reload()} />;
  else if (editing && (isLoading || !post)) body = <ListLoading />;
  else if (editing && post && !post.isAuthor) body = <ListLoading />;
  else
    body = (
      <PostForm
        key={post?.id ?? 'new'}
        post={editing ? post : undefined}
        onSaved={(saved) => {
          if (editing) set(saved);
          navigate(`/community/${saved.id}`, { replace: editing });
        }}
      />
    );

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1}>{editing ? t('community.form.editTitle') : t('community.form.writeTitle')}</Title>
        {body}
      </Stack>
    </Container>
  );
}

function PostForm({ post, onSaved }: { post: CommunityPost | undefined; onSaved: (post: CommunityPost) => void }) {
  const navigate = useNavigate();
  const [postType, setPostType] = useState<PostType | null>(post?.postType ?? null);
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = PostEditRequestSchema.safeParse({
      postType,
      title,
      strContent: content,
      ...(post ? { removeImage: removeImage && !image } : {}),
    });
    if (!parsed.success) {
      const keys = toFieldErrorKeys(parsed.error);
      setErrors(Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, validationText(key)])));
      requestAnimationFrame(focusFirstInvalid);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = post
        ? await editPost(post.id, parsed.data, image)
        : await createPost({ postType: parsed.data.postType, title: parsed.data.title, strContent: parsed.data.strContent }, image);
      notifySuccess(post ? t('community.form.edited') : t('community.form.created'));
      onSaved(saved);
    } catch (err) {
      setSaving(false);
      if (err instanceof ApiError && err.status === 401) {
        notifyInfo(t('community.form.loginRequired'));
        navigate('/login');
        return;
      }
      if (err instanceof ApiError && err.status === 400 && Object.keys({ ...err.fieldErrors, ...err.fieldErrorCodes }).length > 0) {
        const say = (field: string) => serverFieldMessage(err, field, validationTextIfKnown);
        setErrors({ postType: say('postType'), title: say('title'), strContent: say('strContent'), image: say('imgUrlContent') });
        return;
      }
      if (err instanceof ApiError && (err.status === 413 || err.status === 415)) {
        setErrors({ image: errorMessage(err) });
        return;
      }
      if (post) notifyError(errorMessage(err, 'community.form.editFailed'));
      // The category rules answer 403 with the rule itself (errorMessage keeps it); anything else is "no permission to post" (spec §8).
      else if (err instanceof ApiError && err.status === 403) notifyError(errorMessage(err, 'community.form.noPermission'));
      else if (err instanceof ApiError && err.status < 500 && err.code !== 'NETWORK' && err.code !== 'TIMEOUT')
        notifyError(t('community.form.noPermission'));
      else notifyError(errorMessage(err, 'community.form.noPermission'));
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="form"
      onSubmit={(e: React.FormEvent) => void submit(e)}
      noValidate
    >
      <Stack gap="md">
        <Select
          label={t('community.form.type')}
          placeholder={t('community.form.typePlaceholder')}
          description={t('community.form.typeHint')}
          data={POST_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
          value={postType}
          onChange={(v) => {
            setPostType(v as PostType | null);
            setErrors((e) => ({ ...e, postType: undefined }));
          }}
          error={errors.postType}
          required
          allowDeselect={false}
        />
        <TextInput
          label={t('community.form.title')}
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setErrors((er) => ({ ...er, title: undefined }));
          }}
          maxLength={COMMUNITY_LIMITS.titleMax}
          description={t('community.form.titleCount', { length: title.length, max: COMMUNITY_LIMITS.titleMax })}
          error={errors.title}
          required
        />
        {post?.imageUrl && !image && (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('community.form.currentImage')}
            </Text>
            {!removeImage && (
              <SafeImage
                src={post.imageUrl}
                alt={t('community.form.currentImageAlt')}
                h={180}
                w="auto"
                fit="contain"
                radius="md"
                bg="gray.1"
                fallback={null}
              />
            )}
            <Checkbox
              label={t('community.form.removeImage')}
              checked={removeImage}
              onChange={(e) => setRemoveImage(e.currentTarget.checked)}
            />
          </Stack>
        )}
        <ImageInput
          label={t('community.form.image')}
          value={image}
          onChange={(f) => {
            setImage(f);
            setErrors((e) => ({ ...e, image: undefined }));
          }}
          error={errors.image}
          description={post?.imageUrl ? t('community.form.keepImageHint') : undefined}
          name="imgUrlContent"
          previewHeight={180}
        />
        <RichTextField
          label={t('community.form.body')}
          initialHtml={post?.content ?? ''}
          onChange={(html) => {
            setContent(html);
            setErrors((e) => ({ ...e, strContent: undefined }));
          }}
          error={errors.strContent}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(post ? `/community/${post.id}` : '/community')}>
            {t('community.form.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {post ? t('community.form.submitEdit') : t('community.form.submitCreate')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
