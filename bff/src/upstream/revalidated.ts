import { isOk, type UpstreamResponse } from './client';

/** Answers derived once and never changed afterwards: the serialiser may write each of them once (decision 0050). */
const SETTLED = new WeakSet<object>();

/** Whether `value` is (part of) a settled answer, deeply frozen by `Revalidated`: its JSON never changes. */
export const isSettled = (value: unknown): value is object => typeof value === 'object' && value !== null && SETTLED.has(value);

/** Deeply frozen, and every object in it marked settled (a page is sent as its `items` array). */
function settle<T>(value: T): T {
  const freeze = (v: unknown) => {
    if (typeof v !== 'object' || v === null || SETTLED.has(v)) return;
    Object.freeze(v);
    SETTLED.add(v);
    for (const child of Object.values(v)) freeze(child);
  };
  freeze(value);
  return value;
}

/**
 * What the BFF derived from our api's public lists (normalised, paged, frozen), kept by request with
 * the upstream's ETag (decision 0050). Every call still goes to the upstream, with If-None-Match: a
 * 304 means the body (and total) it would send is the one this value was derived from, so the value
 * is reused instead of reading, parsing and normalising the same list again; any other answer is
 * derived afresh. Nothing is ever served without the upstream's word that it is current. The legacy
 * sends no ETag, so nothing is kept for it. At most `max` requests, least recently used out first.
 */
export class Revalidated<T> {
  private readonly entries = new Map<string, { etag: string; value: T }>();

  constructor(private readonly max = 64) {}

  async get(key: string, ask: (etag: string | undefined) => Promise<UpstreamResponse>, derive: (res: UpstreamResponse) => T): Promise<T> {
    const known = this.entries.get(key);
    let res = await ask(known?.etag);
    if (res.status === 304) {
      if (known) {
        this.entries.delete(key);
        this.entries.set(key, known);
        return known.value;
      }
      res = await ask(undefined); // never sent a tag we no longer hold; asked plainly
    }
    const value = derive(res);
    const etag = isOk(res) ? res.headers.get('etag') : null;
    if (!etag) {
      this.entries.delete(key);
      return value;
    }
    this.entries.delete(key);
    this.entries.set(key, { etag, value: settle(value) });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }
}
