import '@/messages/lost-board';
import type { LostPostDetail } from '@pawbridge/shared/lost.schema';
import { t } from '@/messages';
import { kindLabel, postTitle } from '../board/labels';

/**
 * A post's share preview (Open Graph, Twitter card; issue 27): "[kind] name · breed — region", the
 * kind in the catalogue's words, and a line about it. Only the region (province and district) is named, never the typed address, the position
 * or a contact: a tag travels wherever the link is pasted.
 */
export function postMeta(post: LostPostDetail): { title: string; description: string } {
  const kind = kindLabel(post.kind);
  const name = post.name?.trim();
  const breed = post.breed?.trim();
  const title = name && breed ? t('lost.post.metaName', { name, breed }) : postTitle(post);
  const region = [post.sido, post.sigungu]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  const breedWords = breed || t('lost.card.breedUnknown');
  return {
    title: region ? t('lost.post.metaTitlePlace', { kind, title, region }) : t('lost.post.metaTitle', { kind, title }),
    description: region
      ? t('lost.post.meta', { place: region, date: post.happenedDate, kind, breed: breedWords })
      : t('lost.post.metaNoPlace', { date: post.happenedDate, kind, breed: breedWords }),
  };
}
