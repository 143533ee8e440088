import { normalisePostList } from '../normalisers/community.normaliser';
import { isOk, type UpstreamClient } from './client';

/** How long the set of public post covers is trusted, and how often a miss may refresh it. */
const FRESH_MS = 60_000;
const MISS_REFRESH_MS = 5_000;

/**
 * Cover images of community posts: the board is public, so a visitor may see
 * them, but the legacy serves /uploads only to logged-in sessions. Only paths
 * some post names as its cover are in this set (read from the public list),
 * so the service session never fetches a member's private dog photo for a
 * visitor because of it.
 */
export class PublicPostImages {
  private paths = new Set<string>();
  private fetchedAt = 0;
  private pending: Promise<void> | null = null;

  constructor(
    private readonly client: UpstreamClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** Covers of a list or post the BFF just served: the visitor asks for them next. */
  remember(imageUrls: readonly (string | null)[]): void {
    for (const url of imageUrls) if (url) this.paths.add(url);
  }

  async has(path: string): Promise<boolean> {
    const age = this.now() - this.fetchedAt;
    if (this.paths.has(path) && age < FRESH_MS) return true;
    if (age >= MISS_REFRESH_MS) await this.refresh();
    return this.paths.has(path);
  }

  private refresh(): Promise<void> {
    this.pending ??= (async () => {
      try {
        const res = await this.client.request('GET', '/api/community/posts', { sessionId: null });
        if (!isOk(res)) return;
        this.paths = new Set(normalisePostList(res.json).flatMap((p) => (p.post.imageUrl ? [p.post.imageUrl] : [])));
        this.fetchedAt = this.now();
      } finally {
        this.pending = null;
      }
    })();
    return this.pending;
  }
}

const perClient = new WeakMap<UpstreamClient, PublicPostImages>();

/** One set per upstream client (one per app), filled by the community routes and read by the photo route. */
export function publicPostImages(client: UpstreamClient): PublicPostImages {
  let images = perClient.get(client);
  if (!images) {
    images = new PublicPostImages(client);
    perClient.set(client, images);
  }
  return images;
}
