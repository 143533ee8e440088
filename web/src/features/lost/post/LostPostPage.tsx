import '@/messages/lost-board';
import { Alert, Anchor, Badge, Button, Container, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconEye, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ListError, ListLoading } from '@/components/ListState';
import NotFoundPage from '@/components/NotFoundPage';
import PhotoCarousel from '@/components/PhotoCarousel';
import KakaoShareButton from '@/components/KakaoShareButton';
import ShareButton from '@/components/ShareButton';
import { ApiError } from '@/lib/api-client';
import { absoluteUrl, PageMeta, usePublicOrigin } from '@/lib/page-meta';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import { lostPostIdOf, lostPostKey, useLostPost } from '../api';
import LostCard from '../board/LostCard';
import LostComments from '../comments/LostComments';
import { LostOwnerActions, ToStrayReportButton } from '../forms';
import { formatWon, KIND_COLOR, kindLabel, postTitle, STATUS_COLOR, statusLabel } from '../board/labels';
import MatchCandidates from '../matches/MatchCandidates';
import MatchLinks from '../matches/MatchLinks';
import AreaMap from './AreaMap';
import ContactForm from './ContactForm';
import FlagDialog from './FlagDialog';
import LostReach from './LostReach';
import PostFacts from './PostFacts';
import { postMeta } from './post-meta';
import ScamWarning from './ScamWarning';
import Timeline from './Timeline';

function BackLink() {
  return (
    <Anchor component={Link} to="/lost" size="sm" mb="xs" display="inline-flex" mih={44} style={{ alignItems: 'center', gap: 4 }}>
      <IconChevronLeft size={16} aria-hidden />
      {t('lost.post.back')}
    </Anchor>
  );
}

/** /lost/:id — one missing, found or seen post: photos, status, every field, the rounded area, the timeline, share, flag, contact. */
export default function LostPostPage() {
  const id = lostPostIdOf(useParams().id);
  const { config } = usePublicConfig();
  const { user } = useSession();
  // In front of the legacy there is no board (the BFF answers 501): nothing is asked, the page is not there.
  const available = config?.lostAndFound === true;
  const { post, error, isLoading, reload } = useLostPost(available ? id : null);
  const origin = usePublicOrigin();

  if (id === null || (config && !available) || (error instanceof ApiError && error.status === 404)) return <NotFoundPage />;
  if (!config || (isLoading && !post)) return <ListLoading />;
  if (!post)
    return (
      <Container size="lg" py="lg">
        <ListError message={t('lost.post.loadFailed')} onRetry={() => void reload()} />
      </Container>
    );

  const path = `/lost/${post.id}`;
  const title = postTitle(post);
  const kind = kindLabel(post.kind);
  const status = statusLabel(post.status, post.kind);
  const { title: metaTitle, description } = postMeta(post);
  const photos = post.photoUrls.length > 0 ? post.photoUrls : post.photoUrl ? [post.photoUrl] : [];
  const open = post.status === 'OPEN';
  const reader = user !== null && !post.mine;
  const sawIt = `/lost/new/sighting?kind=SEEN&missingId=${post.id}`;
  // Likely matches: an open missing report's owner decides, admins only look (decision 0042).
  const matchView = post.kind === 'MISSING' && open && (post.mine || user?.isAdmin === true);

  return (
    <Container size="lg" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <PageMeta title={metaTitle} description={description} image={photos[0]} path={path} type="article" />
      {/* Only an admin reads a hidden post; it stays out of search indexes. */}
      {post.hidden && <meta name="robots" content="noindex" />}
      <BackLink />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PhotoCarousel photos={photos} name={title} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <Group gap={6}>
              <Badge color={KIND_COLOR[post.kind]} variant="filled" aria-label={t('lost.kind.label', { label: kind })}>
                {kind}
              </Badge>
              <Badge color={STATUS_COLOR[post.status]} variant="light" aria-label={t('lost.status.label', { label: status })}>
                {status}
              </Badge>
            </Group>
            <Title order={1} size="h2">
              {title}
            </Title>
            {post.hidden && (
              <Alert color="gray" role="status">
                {t('lost.post.hidden')}
              </Alert>
            )}
            <PostFacts post={post} />
            <MatchLinks post={post} />
            {post.kind !== 'MISSING' && post.missingId !== null && (
              // A sighting attached to a missing report leads back to it.
              <Anchor component={Link} to={`/lost/${post.missingId}`} mih={44} display="inline-flex" style={{ alignItems: 'center' }}>
                {t('lost.post.attachedTo')}
              </Anchor>
            )}
            {post.reward !== null && post.reward > 0 && (
              <Stack gap={6}>
                <Text fw={700} size="lg" c="red.9">
                  {t('lost.post.reward')} {formatWon(post.reward)}
                </Text>
                <ScamWarning />
              </Stack>
            )}
            <Paper withBorder radius="md" p="sm">
              <AreaMap position={post.position} place={post.address} />
            </Paper>
            <Group gap="xs" wrap="wrap">
              <ShareButton title={metaTitle} text={description} url={absoluteUrl(origin, path)} />
              {config.kakaoShareKey && (
                <KakaoShareButton
                  appKey={config.kakaoShareKey}
                  sdk={config.kakaoShareSdk}
                  post={{
                    title: metaTitle,
                    description,
                    imageUrl: photos[0] ? absoluteUrl(origin, photos[0]) : null,
                    url: absoluteUrl(origin, path),
                  }}
                />
              )}
              {post.kind === 'MISSING' && open && !post.mine && (
                // A neighbour who saw this dog adds a sighting post to the report (the owner's bell rings); a visitor logs in first.
                <Button
                  component={Link}
                  to={user ? sawIt : `/login?next=${encodeURIComponent(sawIt)}`}
                  color="orange"
                  size="md"
                  mih={44}
                  leftSection={<IconEye size={16} aria-hidden />}
                >
                  {t('lost.post.sawIt')}
                </Button>
              )}
              {post.kind === 'MISSING' && (
                <>
                  <Button
                    component="a"
                    href={`${lostPostKey(post.id)}/flyer.pdf`}
                    target="_blank"
                    rel="noopener"
                    variant="default"
                    size="md"
                    mih={44}
                    leftSection={<IconFileTypePdf size={16} aria-hidden />}
                  >
                    {t('lost.post.flyer')}
                  </Button>
                  <Button
                    component="a"
                    href={`${lostPostKey(post.id)}/square.png`}
                    target="_blank"
                    rel="noopener"
                    variant="default"
                    size="md"
                    mih={44}
                    leftSection={<IconPhoto size={16} aria-hidden />}
                  >
                    {t('lost.post.square')}
                  </Button>
                </>
              )}
              {reader && <FlagDialog postId={post.id} />}
            </Group>
            {/* The author's own actions (update, edit, reunited / cancel) and, on a found post, the hand-over to the admins; each hides itself where it does not apply. */}
            {post.mine && post.kind === 'MISSING' && <LostReach postId={post.id} />}
            <LostOwnerActions post={post} onChanged={() => reload()} />
            <ToStrayReportButton post={post} onReported={() => reload()} />
            {post.kind === 'MISSING' && (
              <Text size="xs" c="dimmed">
                {t('lost.post.flyerHint')}
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Grid gap="lg" mt="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {matchView && <MatchCandidates postId={post.id} owner={post.mine} onConfirmed={() => void reload()} />}
            <Timeline post={post} />
            <LostComments postId={post.id} />
            {post.sightings.length > 0 && (
              <Stack gap="sm" component="section" aria-labelledby="lost-sightings-title">
                <Title order={2} size="h4" id="lost-sightings-title">
                  {t('lost.post.sightings')}
                </Title>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                  {post.sightings.map((s) => (
                    <LostCard key={s.id} post={s} />
                  ))}
                </SimpleGrid>
              </Stack>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {reader && open && <ContactForm postId={post.id} />}
          {reader && !open && (
            <Text size="sm" c="dimmed">
              {t('lost.contact.closed')}
            </Text>
          )}
          {!user && (
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Text size="sm">{t('lost.contact.loginPrompt')}</Text>
                <Button component={Link} to="/login" variant="light" mih={44}>
                  {t('lost.contact.login')}
                </Button>
              </Stack>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </Container>
  );
}
