import { useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage, notifyError, notifyInfo, notifySuccess } from '@/components/feedback/notify';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import { useFavouriteKeys, useFavouritesOn, useToggleFavourite, type HeartTarget } from './api';

interface Props {
  target: HeartTarget;
  /** Who the heart is for, in its label (the catalogue's fav.add / fav.remove). */
  name: string;
  /** Over a card's photo (absolute, top right) or inline on an animal's own page. */
  placement?: 'photo' | 'inline';
}

/**
 * The heart (issue 28): a toggle button with aria-pressed and the dog's name in its label; filled or
 * outlined (never colour alone); 44 px everywhere. Server-rendered for visitors as an empty heart of the
 * same size, so nothing moves when a member's hearts fill in after hydration. A visitor's tap leads to
 * login and back here. Hidden where the deployment has no favourites (the legacy) and for admins.
 */
export default function FavouriteHeart({ target, name, placement = 'photo' }: Props) {
  const on = useFavouritesOn();
  const { user } = useSession();
  const { has } = useFavouriteKeys();
  const toggle = useToggleFavourite();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  if (!on || user?.isAdmin) return null;
  const pressed = has(target);

  const click = async () => {
    if (!user) {
      notifyInfo(t('common.loginRequired'));
      navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    setBusy(true);
    try {
      await toggle(target, !pressed);
      notifySuccess(t(pressed ? 'fav.removed' : 'fav.added', { name }));
    } catch (err) {
      notifyError(errorMessage(err, 'fav.failed'));
    } finally {
      setBusy(false);
    }
  };

  const Icon = pressed ? IconHeartFilled : IconHeart;
  return (
    <ActionIcon
      variant={placement === 'photo' ? 'white' : 'default'}
      color="red"
      radius="xl"
      size={44}
      aria-pressed={pressed}
      aria-label={t(pressed ? 'fav.remove' : 'fav.add', { name })}
      data-busy={busy || undefined}
      onClick={() => void click()}
      pos={placement === 'photo' ? 'absolute' : undefined}
      top={placement === 'photo' ? 8 : undefined}
      right={placement === 'photo' ? 8 : undefined}
      style={placement === 'photo' ? { boxShadow: 'var(--mantine-shadow-sm)', zIndex: 1 } : undefined}
    >
      <Icon size={24} aria-hidden />
    </ActionIcon>
  );
}
