import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconBookmarkPlus } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import type { SavedSearchInput } from '@pawbridge/shared/favourites.schema';
import { touchTargetClass } from '@/components/form/input-action';
import { errorMessage, notifyError, notifyInfo, notifySuccess } from '@/components/feedback/notify';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import { SAVED_SEARCHES_KEY, saveSearch, useFavouritesOn } from './api';
import { searchName } from './search-name';

/**
 * The save-search button (issue 28): saves the adopt list's current search (its URL filters and the source), named
 * in words; the member hears of new matching dogs once a day at most. A visitor is led to login and back.
 */
export default function SaveSearchButton({ search }: { search: SavedSearchInput }) {
  const on = useFavouritesOn();
  const { user } = useSession();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [saving, setSaving] = useState(false);
  if (!on || user?.isAdmin) return null;

  const save = async () => {
    if (!user) {
      notifyInfo(t('common.loginRequired'));
      navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    setSaving(true);
    try {
      await saveSearch(search);
      notifySuccess(t('search.saved', { name: searchName(search) }));
      await mutate(SAVED_SEARCHES_KEY);
    } catch (err) {
      notifyError(errorMessage(err, 'search.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Group gap="xs" wrap="wrap">
      <Button
        variant="light"
        className={touchTargetClass}
        leftSection={<IconBookmarkPlus size={18} aria-hidden />}
        loading={saving}
        onClick={() => void save()}
        aria-describedby="save-search-hint"
      >
        {t('search.save')}
      </Button>
      <Text id="save-search-hint" size="sm" c="gray.7">
        {t('search.saveHint')}
      </Text>
    </Group>
  );
}
