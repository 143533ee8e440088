import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { errorMessage, notifyError, notifyInfo, unreachableMessage } from '@/components/feedback/notify';
import { touchTargetClass } from '@/components/form/input-action';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { toggleLike, useLike } from '../api';

/** The like toggle with its count; the answer of the toggle is shown at once (the legacy's never updated). */
export default function LikeButton({ postId, loggedIn }: { postId: number; loggedIn: boolean }) {
  const { like, set } = useLike(postId);
  const [busy, setBusy] = useState(false);
  const liked = like?.isLiked ?? false;
  const count = like?.likeCount ?? 0;

  const press = async () => {
    if (!loggedIn) {
      notifyInfo(t('community.like.loginRequired'));
      return;
    }
    setBusy(true);
    try {
      set(await toggleLike(postId));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) notifyError(t('community.like.relogin'));
      else if (err instanceof ApiError && err.status === 400) notifyError(t('community.like.badRequest', { message: errorMessage(err) }));
      else notifyError(unreachableMessage(err) ?? t('community.like.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant={liked ? 'filled' : 'light'}
      color="pink"
      radius="xl"
      className={touchTargetClass}
      onClick={() => void press()}
      loading={busy}
      aria-pressed={liked}
      leftSection={liked ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
    >
      {t('community.like.label', { count })}
    </Button>
  );
}
