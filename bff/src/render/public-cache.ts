import type { FastifyInstance } from 'fastify';
import type { PageDataKind, PageDataRequest, PageDataResult } from '@pawbridge/shared/ssr.schema';

type Answer = Extract<PageDataResult, { ok: true }>;

/**
 * The kinds whose answer is the same for every viewer (decision 0048): the adopt list's public
 * strays, its search, the shelter's animals and the donation totals. Anything that depends on
 * who asks (session, a post with its edit buttons, a member's own parts) is never cached.
 */
export const SHARED_KINDS: ReadonlySet<PageDataKind> = new Set<PageDataKind>([
  'strays.page',
  'strays.search',
  'shelter.page',
  'donations.totals',
]);

/** A rendered document: what the render answered, whole. */
export interface RenderedPage {
  status: number;
  body: Buffer;
}

export interface PublicDataCacheOptions {
  /** How long an answer is served without asking the upstream again. */
  ttlMs: number;
  /** At most this many criteria kept (search criteria come from the address: unbounded otherwise). */
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  at: number;
  /** The answer, or the call still under way (renders arriving together share one upstream call). */
  value: Promise<Answer>;
}

/**
 * Public page data for the server render, shared between visitors for a short time. Invalidated
 * whole by `clear()` when this BFF passes a write that may change it (the plugin's hook); changes
 * this BFF does not see (the shelter sync, another BFF instance, the legacy's own admin) are
 * bounded by the TTL. Failures are never kept: the next render asks again.
 */
export class PublicDataCache {
  private readonly entries = new Map<string, Entry>();
  /** Whole rendered pages as a visitor gets them, by origin and address (`page`, `keepPage`). */
  private readonly pages = new Map<string, { at: number; page: RenderedPage }>();
  private readonly now: () => number;
  /** Bumped by every clear(): a page rendered from data read before a write is not kept after it. */
  private generation = 0;
  constructor(private readonly opts: PublicDataCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  static keyOf(want: PageDataRequest): string | null {
    return SHARED_KINDS.has(want.kind) ? canonical(want) : null;
  }

  get size(): number {
    return this.entries.size + this.pages.size;
  }

  /** A visitor's page rendered within the TTL, or undefined. */
  page(key: string): RenderedPage | undefined {
    const hit = this.pages.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.at < this.opts.ttlMs) return hit.page;
    this.pages.delete(key);
    return undefined;
  }

  /** Taken before a render starts, handed back to `keepPage`. */
  stamp(): number {
    return this.generation;
  }

  /**
   * Keeps a visitor's page (only one rendered from complete data: an error state is never shared),
   * unless a write cleared the cache while it was being rendered (`since`: the stamp taken before):
   * its data may predate the write, and keeping it would hide the write from visitors for the TTL.
   */
  keepPage(key: string, page: RenderedPage, since: number = this.generation): void {
    if (this.opts.ttlMs <= 0 || since !== this.generation) return;
    this.pages.delete(key);
    this.pages.set(key, { at: this.now(), page });
    while (this.pages.size > this.opts.maxEntries) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
  }

  /** The cached answer for `want`, or `load()`'s (then kept for the TTL when it succeeds). */
  get(want: PageDataRequest, load: () => Promise<Answer>): Promise<Answer> {
    const key = PublicDataCache.keyOf(want);
    if (key === null || this.opts.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    const at = this.now();
    if (hit && at - hit.at < this.opts.ttlMs) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    const entry: Entry = { at, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.opts.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** Everything forgotten; a call still under way is no longer shared with later renders. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pages.clear();
  }
}

/** The same criteria in any key order are the same key. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/*
 * How long public page data is shared is SSR_PUBLIC_DATA_TTL_MS (5 s by default, config/env.ts). No
 * event from the api reaches the BFF for the public lists (its realtime bridge carries each member's
 * own topics only), so the writes this BFF passes clear the cache and the TTL bounds what it cannot
 * see: a shelter sync, another BFF instance, the legacy's own admin screens.
 */
const PUBLIC_DATA_MAX_ENTRIES = 256;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The render's cache, cleared by any write that went through this BFF (a stray registered or
 * edited, an adoption decided, a donation paid: any of them may change a public list). Call it
 * before the routes are registered: the hook must be inherited by every route's context.
 */
export function publicDataCache(app: FastifyInstance, ttlMs: number): PublicDataCache {
  const cache = new PublicDataCache({ ttlMs, maxEntries: PUBLIC_DATA_MAX_ENTRIES });
  // onSend, not onResponse: cleared before the writer has its answer, so the page it opens next (or
  // anyone's after it) cannot be served from before the write. Cleared even when empty: a render in
  // flight must not keep what it read before the write (the generation).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 && !READS.has(request.method)) cache.clear();
    done(null, payload);
  });
  return cache;
}
