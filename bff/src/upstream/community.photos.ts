import { normalisePostList } from '../normalisers/community.normaliser';
import { isOk, type UpstreamClient } from './client';
import { photoSetFor, type PublicPhotoSet } from './public-photos';

const postCovers = new WeakMap<UpstreamClient, PublicPhotoSet>();

/**
 * Cover images of community posts: the board is public, so a visitor may see
 * them, but the legacy serves /uploads only to logged-in sessions. Only paths
 * some post names as its cover are in this set (read from the public list),
 * so the service session never fetches a member's private dog photo for a
 * visitor because of it.
 */
export function publicPostImages(client: UpstreamClient): PublicPhotoSet {
  return photoSetFor(postCovers, client, async () => {
    const res = await client.request('GET', '/api/community/posts', { sessionId: null });
    return isOk(res) ? normalisePostList(res.json).flatMap((p) => (p.post.imageUrl ? [p.post.imageUrl] : [])) : null;
  });
}
