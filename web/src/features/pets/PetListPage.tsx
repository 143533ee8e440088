import { useEffect, useRef, useState } from 'react';
import { Button, Center, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Pet } from '@pawbridge/shared';
import LoadMore from '@/components/LoadMore';
import { checkImageContent } from '@/components/form/ImageInput';
import { confirm, errorMessage, notifyError, notifySuccess, unreachableMessage } from '@/components/feedback/notify';
import { useSession } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { deletePet, uploadPetPhoto, usePets } from './api';
import PetCard from './components/PetCard';
import LoginRequired from './components/LoginRequired';
import { usePetLostReports } from './lost-state';

/** /mypet: the owner's dogs (spec §2 Dog list, §4 states: loading → error | empty | list). */
export default function PetListPage() {
  const { user, isLoading: sessionLoading, refresh } = useSession();
  const { pets, total, hasMore, loadingMore, loadMore, error, isLoading, reload } = usePets(Boolean(user));
  const [uploadingId, setUploadingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const rechecked = useRef(false);
  const { lostEnabled, lostPostOf } = usePetLostReports(Boolean(user));

  // A 401 means the session ended meanwhile: re-check it once (a social login may just have settled), then show the login prompt.
  const unauthorised = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (!unauthorised || rechecked.current) return;
    rechecked.current = true;
    refresh()
      .then(() => reload())
      .catch(() => undefined);
  }, [unauthorised, refresh, reload]);

  const changePhoto = async (pet: Pet, file: File) => {
    // The bytes decide, as on the server: a text file renamed .png is refused here, before anything is sent.
    const problem = await checkImageContent(file);
    if (problem) {
      notifyError(problem);
      return;
    }
    setUploadingId(pet.id);
    try {
      await uploadPetPhoto(pet.id, file);
      notifySuccess(t('pets.card.uploaded'));
      await reload();
    } catch (err) {
      notifyError(errorMessage(err, 'pets.card.uploadFailed'));
    } finally {
      setUploadingId(null);
    }
  };

  const remove = async (pet: Pet) => {
    const ok = await confirm({
      title: t('pets.delete.title'),
      body: t('pets.delete.body', { name: pet.name }),
      confirmLabel: t('pets.delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    setDeletingId(pet.id);
    try {
      await deletePet(pet.id);
      notifySuccess(t('pets.delete.success'));
      await reload();
    } catch (err) {
      notifyError(unreachableMessage(err) ?? t('pets.delete.failed'));
    } finally {
      setDeletingId(null);
    }
  };

  const body = () => {
    // A member the server last confirmed (lib/session) does not wait for the check again: their list may come first.
    if ((sessionLoading && !user) || (user && isLoading)) {
      return (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text c="dimmed" role="status">
              {t('pets.list.loading')}
            </Text>
          </Stack>
        </Center>
      );
    }
    if (!user || unauthorised) return <LoginRequired message={t('pets.list.loginRequired')} />;
    if (error || !pets) {
      return (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center">
            <Text role="alert">{t('pets.list.failed')}</Text>
            <Button variant="light" onClick={() => void reload()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Paper>
      );
    }
    if (pets.length === 0) {
      return (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center">
            <Text>{t('pets.list.empty')}</Text>
            <Button component={Link} to="/mypet/register" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('pets.list.emptyAction')}
            </Button>
          </Stack>
        </Paper>
      );
    }
    return (
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('pets.list.count', { count: total })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {pets.map((pet, i) => (
            <PetCard
              key={pet.id}
              pet={pet}
              number={i + 1}
              uploading={uploadingId === pet.id}
              deleting={deletingId === pet.id}
              onPhoto={(file) => void changePhoto(pet, file)}
              onDelete={() => void remove(pet)}
              lostEnabled={lostEnabled}
              lostPostId={lostPostOf(pet.id)}
            />
          ))}
        </SimpleGrid>
        <LoadMore shown={pets.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} />
      </Stack>
    );
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>{t('pets.list.title')}</Title>
          {user && (
            <Button component={Link} to="/pet/register" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('pets.list.register')}
            </Button>
          )}
        </Group>
        {body()}
      </Stack>
    </Container>
  );
}
