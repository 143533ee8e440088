import { useEffect, useMemo, useState } from 'react';
import { Button, Center, Container, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type AdoptionApplication, type ShelterAnimal, type Stray } from '@pawbridge/shared';
import { useSearchParams } from 'react-router';
import { PageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { confirm, errorMessage, notifyError, notifySuccess } from '@/components/feedback/notify';
import { ApiError } from '@/lib/api-client';
import { t } from '@/messages';
import { useMyApplications, withdrawApplication } from './api';
import { useApply } from './components/use-apply';
import AdoptSearch from './components/AdoptSearch';
import StrayCard from './components/StrayCard';
import ShelterCard from './components/ShelterCard';
import { criteriaFromParams, criteriaToParams, useAdoptFeed, type AdoptCriteria, type AdoptSource } from './components/adopt-feed';
import { mergeFeed } from './components/merge-feed';
import MyApplications from './components/MyApplications';
import { ListEmpty, ListError, ListLoading } from '@/components/ListState';

interface AdoptPageProps {
  /** Per card, more actions the app composes in (features never import each other). */
  cardExtra?: (stray: Stray) => React.ReactNode;
  /** Sections shown below the member's applications (the app composes them in). */
  memberSections?: React.ReactNode;
  /** Per card, the heart over its photo (favourites, issue 28), composed by the app. */
  heart?: (animal: { source: 'member'; stray: Stray } | { source: 'shelter'; animal: ShelterAnimal }) => React.ReactNode;
  /** Beside the search: what the app offers for the search in use (the save-search button, issue 28). */
  searchExtra?: (search: AdoptCriteria | null, source: AdoptSource) => React.ReactNode;
}

/** The adopt list (/adopt): public, with search and adoption applications. */
export default function AdoptPage({ cardExtra, memberSections, heart, searchExtra }: AdoptPageProps = {}) {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  // The criteria start from the address (the search form is a plain GET form without JavaScript).
  const [search, setSearch] = useState<AdoptCriteria | null>(() => criteriaFromParams(params));
  const [chosenSource, setSource] = useState<AdoptSource>('all');
  const { member, shelter } = useAdoptFeed(search, chosenSource);
  // In front of the legacy server there are no shelter animals: the source choice goes away.
  const shelters = shelter.available;
  const source: AdoptSource = shelters ? chosenSource : 'member';
  // The shelter animals join the list when they come: until their first page answers, our strays show alone
  // (a slow shelter feed must not hold the list at its first card). They interleave once, on arrival.
  const shelterFeed = shelter.isLoading && shelter.source.items.length === 0 ? { items: [], done: true } : shelter.source;
  const { items, waiting } = mergeFeed(member.source, shelterFeed);
  const now = useMemo(() => new Date(), []);
  const error = member.error;
  const reload = async () => {
    await Promise.all([member.reload(), shelter.reload()]);
  };
  // Admins do not adopt here; members see and withdraw their own applications.
  const { applications: mine, reload: reloadMine } = useMyApplications(Boolean(user) && !user?.isAdmin);
  const { apply, applyingId } = useApply(() => Promise.all([member.reload(), reloadMine()]));
  const [withdrawingId, setWithdrawingId] = useState<number | null>(null);

  useEffect(() => {
    if (error && search) notifyError(t('adopt.search.failed'));
  }, [error, search]);

  // Searching again with the same criteria still asks the server (new strays may have arrived).
  const runSearch = (q: AdoptCriteria | null) => {
    if (JSON.stringify(q) === JSON.stringify(search)) void reload();
    else {
      setSearch(q);
      setParams(criteriaToParams(q), { replace: true, preventScrollReset: true });
    }
  };

  const withdraw = async (a: AdoptionApplication) => {
    const ok = await confirm({
      title: t('myApps.withdrawTitle'),
      body: t('myApps.withdrawBody', { name: a.petName }),
      confirmLabel: t('myApps.withdrawConfirm'),
      danger: true,
    });
    if (!ok) return;
    setWithdrawingId(a.id);
    try {
      await withdrawApplication(a.id);
      notifySuccess(t('myApps.withdrawn'));
    } catch (err) {
      notifyError(
        err instanceof ApiError && err.code === 'UPSTREAM_UNSUPPORTED'
          ? t('myApps.withdrawUnsupported')
          : errorMessage(err, 'myApps.withdrawFailed'),
      );
    } finally {
      setWithdrawingId(null);
      await Promise.all([member.reload(), reloadMine()]);
    }
  };

  const loading = (member.isLoading || shelter.isLoading) && items.length === 0;
  const total = member.total !== null && shelter.total !== null ? member.total + shelter.total : null;
  let content: React.ReactNode;
  if (loading) {
    content = <ListLoading />;
  } else if (error && items.length === 0) {
    content = <ListError message={t(search ? 'adopt.search.failed' : 'adopt.loadFailed')} onRetry={() => void reload()} />;
  } else if (items.length === 0 && waiting.length === 0 && !shelter.error) {
    content = <ListEmpty message={t(search ? 'adopt.emptySearch' : source === 'shelter' ? 'shelter.feed.emptyShelter' : 'adopt.empty')} />;
  } else {
    // The first photo the list shows loads first (fetchpriority high); the rest as they scroll in.
    const firstPhoto = items.findIndex((f) => (f.source === 'member' ? f.item.imageUrl : f.item.imageUrls[0]));
    content = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
        {items.map((f, i) =>
          f.source === 'member' ? (
            <StrayCard
              key={`m${f.item.id}`}
              first={i === firstPhoto}
              stray={f.item}
              onApply={apply}
              applying={applyingId === f.item.id}
              extra={cardExtra?.(f.item)}
              heart={heart?.({ source: 'member', stray: f.item })}
            />
          ) : (
            <ShelterCard
              key={`s${f.item.desertionNo}`}
              animal={f.item}
              now={now}
              first={i === firstPhoto}
              heart={heart?.({ source: 'shelter', animal: f.item })}
            />
          ),
        )}
      </SimpleGrid>
    );
  }

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <PageMeta title={t('adopt.title')} description={t('adopt.intro')} path="/adopt" />
      <Stack gap="xs" mb="lg">
        <Title order={1}>{t('adopt.title')}</Title>
        <Text c="dimmed">{t('adopt.intro')}</Text>
      </Stack>
      <Stack gap="lg">
        {mine && mine.length > 0 && <MyApplications applications={mine} onWithdraw={withdraw} withdrawingId={withdrawingId} />}
        {memberSections}
        <AdoptSearch
          initial={search}
          onSearch={runSearch}
          searching={Boolean(search) && (member.isValidating || shelter.isValidating)}
          withShelters={shelters}
        />
        {shelters && (
          <SegmentedControl
            aria-label={t('shelter.source.label')}
            value={source}
            onChange={(v) => setSource(v as AdoptSource)}
            data={(['all', 'member', 'shelter'] as const).map((v) => ({ value: v, label: t(`shelter.source.${v}`) }))}
            w={{ base: '100%', sm: 'fit-content' }}
          />
        )}
        {searchExtra?.(search, source)}
        {search && !error && total !== null && (
          <Text size="sm" aria-live="polite">
            {t('adopt.search.resultCount', { count: total })}
          </Text>
        )}
        {shelter.error !== undefined && source !== 'member' && (
          <ListError message={t('shelter.feed.shelterFailed')} onRetry={() => void shelter.reload()} />
        )}
        {content}
        {waiting.length > 0 && items.length > 0 && (
          <Center>
            <Button
              variant="default"
              loading={member.isValidating || shelter.isValidating}
              onClick={() => {
                if (waiting.includes('member')) void member.more();
                if (waiting.includes('shelter')) void shelter.more();
              }}
            >
              {t('shelter.feed.more')}
            </Button>
          </Center>
        )}
      </Stack>
    </Container>
  );
}
