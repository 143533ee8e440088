import type { FastifyBaseLogger } from 'fastify';
import type { Stray } from '@pawbridge/shared';
import { normaliseStrayList, PUBLIC_STATUSES } from '../normalisers/stray.normaliser';
import { issuedSessionId } from './accounts.upstream';
import { isOk, type UpstreamClient, type UpstreamStream } from './client';

/** How long a set of public photos is trusted, and how often a miss may refresh it. */
const FRESH_MS = 60_000;
const MISS_REFRESH_MS = 5_000;

/**
 * Paths of photos a visitor may see although the legacy serves /uploads only
 * to sessions: the set is read from a public list (`load`) and topped up with
 * what the BFF just served, so the service session never fetches anything a
 * public list does not name (a member's dog, an unreviewed report).
 */
export class PublicPhotoSet {
  private paths = new Set<string>();
  private fetchedAt = 0;
  private pending: Promise<void> | null = null;

  constructor(
    /** The photo paths the public list names now, or null when the upstream did not answer. */
    private readonly load: () => Promise<string[] | null>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Photos of a public answer the BFF just served: the visitor asks for them next. */
  remember(paths: readonly (string | null)[]): void {
    for (const p of paths) if (p) this.paths.add(p);
  }

  async has(path: string): Promise<boolean> {
    const age = this.now() - this.fetchedAt;
    if (this.paths.has(path) && age < FRESH_MS) return true;
    // A photo listed a moment ago is found by one refresh; a stream of unknown paths costs at most one list call per interval.
    if (age >= MISS_REFRESH_MS) await this.refresh();
    return this.paths.has(path);
  }

  private refresh(): Promise<void> {
    this.pending ??= (async () => {
      try {
        const paths = await this.load();
        if (paths === null) return;
        this.paths = new Set(paths);
        this.fetchedAt = this.now();
      } finally {
        this.pending = null;
      }
    })();
    return this.pending;
  }
}

/** One set per upstream client (one per app) and kind, shared by the routes that fill it and the photo route that reads it. */
export function photoSetFor(
  perClient: WeakMap<UpstreamClient, PublicPhotoSet>,
  client: UpstreamClient,
  load: () => Promise<string[] | null>,
): PublicPhotoSet {
  let set = perClient.get(client);
  if (!set) {
    set = new PublicPhotoSet(load);
    perClient.set(client, set);
  }
  return set;
}

const strayPhotos = new WeakMap<UpstreamClient, PublicPhotoSet>();
const publicStrayPaths = (strays: readonly Stray[]) => strays.filter((s) => PUBLIC_STATUSES.includes(s.status)).map((s) => s.imageUrl);

/** The photos of the strays on the public adopt list (PROTECTING, WAITING, ADOPT), as the upstream lists them to anyone. */
export function publicStrayPhotos(client: UpstreamClient): { set: PublicPhotoSet; remember(strays: readonly Stray[]): void } {
  const set = photoSetFor(strayPhotos, client, async () => {
    const res = await client.request('GET', '/api/abandoned/abandoned-pets', { sessionId: null });
    return isOk(res) ? publicStrayPaths(normaliseStrayList(res.json)).filter((p): p is string => p !== null) : null;
  });
  return { set, remember: (strays) => set.remember(publicStrayPaths(strays)) };
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
