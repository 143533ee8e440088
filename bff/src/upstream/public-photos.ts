import type { FastifyBaseLogger } from 'fastify';
import type { Stray } from '@pawbridge/shared';
import { normaliseStrayList, PUBLIC_STATUSES } from '../normalisers/stray.normaliser';
import { issuedSessionId } from './accounts.upstream';
import { isOk, type UpstreamClient, type UpstreamStream } from './client';

/** How long the set of public stray photos is trusted, and how often a miss may refresh it. */
const FRESH_MS = 60_000;
const MISS_REFRESH_MS = 5_000;

/**
 * The photos a visitor may see: those of the strays on the public adopt list
 * (PROTECTING, WAITING, ADOPT), as the upstream lists them to anyone. Nothing
 * else — a member's dog, an unreviewed report — is ever in this set.
 */
export class PublicStrayPhotos {
  private paths = new Set<string>();
  private fetchedAt = 0;
  private pending: Promise<void> | null = null;

  constructor(
    private readonly client: UpstreamClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** Photos of a public list the BFF just served: the visitor asks for them next. */
  remember(strays: readonly Stray[]): void {
    for (const s of strays) if (s.imageUrl && PUBLIC_STATUSES.includes(s.status)) this.paths.add(s.imageUrl);
  }

  async has(path: string): Promise<boolean> {
    const age = this.now() - this.fetchedAt;
    if (this.paths.has(path) && age < FRESH_MS) return true;
    // A stray registered a moment ago is found by one refresh; a stream of unknown paths costs at most one list call per interval.
    if (age >= MISS_REFRESH_MS) await this.refresh();
    return this.paths.has(path);
  }

  private refresh(): Promise<void> {
    this.pending ??= (async () => {
      try {
        const res = await this.client.request('GET', '/api/abandoned/abandoned-pets', { sessionId: null });
        if (!isOk(res)) return;
        const photos = normaliseStrayList(res.json)
          .filter((s) => PUBLIC_STATUSES.includes(s.status))
          .map((s) => s.imageUrl)
          .filter((p): p is string => p !== null);
        this.paths = new Set(photos);
        this.fetchedAt = this.now();
      } finally {
        this.pending = null;
      }
    })();
    return this.pending;
  }
}

const perClient = new WeakMap<UpstreamClient, PublicStrayPhotos>();

/** The one set per upstream client (one per app), shared by the list routes that fill it and the photo route that reads it. */
export function publicStrayPhotos(client: UpstreamClient): PublicStrayPhotos {
  let photos = perClient.get(client);
  if (!photos) {
    photos = new PublicStrayPhotos(client);
    perClient.set(client, photos);
  }
  return photos;
}

/**
 * A session of a dedicated member account at the legacy upstream, used only to
 * fetch public stray photos for visitors (the legacy serves /uploads to
 * logged-in sessions only). Logged in on first use and again when the
 * upstream forgets it.
 */
export class LegacyServiceSession {
  private sessionId: Promise<string | null> | null = null;

  constructor(
    private readonly client: UpstreamClient,
    private readonly account: { userId: string; password: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The photo at `path` as the service session sees it, still streaming; null when the account cannot log in. */
  async get(path: string): Promise<UpstreamStream | null> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const sid = await (this.sessionId ??= this.login());
      if (!sid) {
        this.sessionId = null;
        return null;
      }
      const res = await this.client.stream('GET', path, { sessionId: sid });
      if (!res.loginRedirect && res.status !== 401) return res;
      await res.discard();
      this.sessionId = null;
    }
    return null;
  }

  private async login(): Promise<string | null> {
    const res = await this.client.request('POST', '/api/users/login', { json: this.account, sessionId: null });
    const sid = isOk(res) ? issuedSessionId(res) : undefined;
    if (!sid) this.log.warn({ status: res.status }, 'legacy service account could not log in; visitors cannot see stray photos');
    return sid ?? null;
  }
}
