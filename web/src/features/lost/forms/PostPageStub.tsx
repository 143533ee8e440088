// STUB(lostforms) — DROP WHEN lostweb's post page (/lost/:id) MERGES. Only so the owner's journey
// (e2e/lost-owner.e2e.ts) can reach LostOwnerActions and ToStrayReportButton on this branch; the real page
// imports both from './index' and passes them the post it shows. Remove this file and its route in router.tsx.
import { Container, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import useSWR from 'swr';
import { LostPostDetailSchema } from '@pawbridge/shared/lost.schema';
import { api } from '@/lib/api-client';
import { lostPostKey } from '../writes';
import LostOwnerActions from './LostOwnerActions';
import ToStrayReportButton from './ToStrayReportButton';
import { lostStatusWords } from './status';

export default function PostPageStub() {
  const id = Number(useParams().id);
  const { data: post, mutate } = useSWR(Number.isInteger(id) && id > 0 ? lostPostKey(id) : null, (k: string) =>
    api(k, { schema: LostPostDetailSchema }),
  );
  if (!post) return null;
  return (
    <Container size="sm" py="lg">
      <Stack>
        <Title order={1}>{post.name ?? post.breed ?? `#${post.id}`}</Title>
        <Text data-testid="lost-status">{lostStatusWords(post.kind, post.status)}</Text>
        <Text>{post.address}</Text>
        {post.thankYouNote && <Text>{post.thankYouNote}</Text>}
        <LostOwnerActions post={post} onChanged={(next) => void mutate(next, { revalidate: false })} />
        <ToStrayReportButton post={post} onReported={() => void mutate()} />
      </Stack>
    </Container>
  );
}
