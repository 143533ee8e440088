import type { PageDataKind, PageDataRequest, PageDataResult } from '@pawbridge/shared/ssr.schema';

type Answer = Extract<PageDataResult, { ok: true }>;

/**
 * The kinds whose answer is the same for every viewer (decision 0048): the adopt list's public
 * strays, its search, the shelter's animals and the donation totals. Anything that depends on
 * who asks (session, a post with its edit buttons, a member's own parts) is never cached.
 */
export const SHARED_KINDS: ReadonlySet<PageDataKind> = new Set<PageDataKind>(['strays.page', 'strays.search', 'shelter.page', 'donations.totals']);

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
  private readonly now: () => number;
  constructor(private readonly opts: PublicDataCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  static keyOf(want: PageDataRequest): string | null {
    return SHARED_KINDS.has(want.kind) ? canonical(want) : null;
  }

  get size(): number {
    return this.entries.size;
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
    this.entries.clear();
  }
}

/** The same criteria in any key order are the same key. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}
