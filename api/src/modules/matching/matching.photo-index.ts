import type { Db } from '../../db/index';
import { readPhotoHashes } from './matching.photo-index.repository';
import { bits32, isPhotoHash } from './scorer/photo-distance';
import { LIMITS } from './scorer/points';

/**
 * The photo hashes of every lost post and shelter notice, in this instance's memory (decision 0051): a
 * missing report with a photo keeps a candidate of any sex, breed and place whose photo is near one of its
 * own (matching.prefilter.ts), so without this its pages read the whole box and 시·도 to compare hashes
 * there. Here the near ones are found by one pass over two typed arrays (about a millisecond for 150,000
 * hashes), and a page asks for them by key beside the rows the pre-filter keeps anyway.
 *
 * Never a reason to leave a row out on its own: the pages still decide with the exact SQL condition. A
 * row this copy may not know yet (its hashes set by a transaction at or after `since`, the oldest one
 * running when it last read — migration 0030) is read by the page as well. A stale hash only makes a page
 * read a row it then drops.
 */
export interface NearPhotos {
  /** Lost posts with a hash near one of the report's. */
  posts: number[];
  /** Shelter notices with such a hash (desertion numbers). */
  shelters: string[];
  /** Rows whose `photo_tx` is at or after this (a bigint as a decimal) may be newer than this copy. */
  since: string;
}

/** Past this many near rows (a photo posted hundreds of times), a page reads its whole box as before. */
export const NEAR_AT_MOST = 500;

/**
 * One table's hashes as two 32-bit halves each, with their row's key; a row's hashes chained by slot
 * (`next`, -1 ends), so the map holds one number per row. A row's old hashes are marked dead when it is
 * read again.
 */
export class HashTable<K> {
  private hi = new Uint32Array(1024);
  private lo = new Uint32Array(1024);
  private next = new Int32Array(1024);
  private owner: (K | undefined)[] = [];
  private size = 0;
  private dead = 0;
  private readonly first = new Map<K, number>();

  get count(): number {
    return this.size - this.dead;
  }

  /** The row's hashes now (none: it is forgotten). Unreadable hashes are skipped, as the scorer skips them. */
  put(key: K, hashes: readonly string[]): void {
    for (let i = this.first.get(key) ?? -1; i >= 0; i = this.next[i]!) {
      this.owner[i] = undefined;
      this.dead += 1;
    }
    this.first.delete(key);
    const valid = [...new Set(hashes.filter(isPhotoHash).map((h) => h.toLowerCase()))];
    let head = -1;
    for (const h of valid.reverse()) {
      if (this.size === this.hi.length) this.grow(this.hi.length * 2);
      this.hi[this.size] = parseInt(h.slice(0, 8), 16);
      this.lo[this.size] = parseInt(h.slice(8), 16);
      this.next[this.size] = head;
      this.owner[this.size] = key;
      head = this.size;
      this.size += 1;
    }
    if (head >= 0) this.first.set(key, head);
    if (this.dead > 1024 && this.dead * 2 > this.size) this.compact();
  }

  /** The keys with a hash at most `maxBits` from one of `hashes` (the scorer's hammingBits). */
  near(hashes: readonly string[], maxBits: number = LIMITS.similarPhotoBits): K[] {
    const found = new Set<K>();
    for (const h of hashes) {
      if (!isPhotoHash(h)) continue;
      const qh = parseInt(h.slice(0, 8), 16);
      const ql = parseInt(h.slice(8), 16);
      const { hi, lo, owner } = this;
      for (let i = 0; i < this.size; i++) {
        const a = bits32(hi[i]! ^ qh);
        if (a > maxBits) continue;
        if (a + bits32(lo[i]! ^ ql) <= maxBits) {
          const k = owner[i];
          if (k !== undefined) found.add(k);
        }
      }
    }
    return [...found];
  }

  private grow(to: number): void {
    const [hi, lo, next] = [new Uint32Array(to), new Uint32Array(to), new Int32Array(to)];
    hi.set(this.hi.subarray(0, this.size));
    lo.set(this.lo.subarray(0, this.size));
    next.set(this.next.subarray(0, this.size));
    [this.hi, this.lo, this.next] = [hi, lo, next];
  }

  /** Drops the dead hashes (more than half of them), keeping each row's chain. */
  private compact(): void {
    let n = 0;
    this.first.clear();
    for (let i = 0; i < this.size; i++) {
      const k = this.owner[i];
      if (k === undefined) continue;
      this.hi[n] = this.hi[i]!;
      this.lo[n] = this.lo[i]!;
      this.owner[n] = k;
      this.next[n] = this.first.get(k) ?? -1;
      this.first.set(k, n);
      n += 1;
    }
    this.owner.length = n;
    this.size = n;
    this.dead = 0;
  }
}

/** The instance's copy: read whole on first use, then caught up before each use by `photo_tx`. */
export class PhotoIndex {
  private readonly posts = new HashTable<number>();
  private readonly shelters = new HashTable<string>();
  private since: string | null = null;
  private reading: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Brings the copy up to date. Callers at the same time share one read: whatever snapshot it saw, the
   * rows it could not see are at or after its `since`, which every page then reads itself.
   */
  catchUp(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  /** The rows near `hashes` as of the last read (call catchUp first); null before any read. */
  near(hashes: readonly string[]): NearPhotos | null {
    if (this.since === null) return null;
    return { posts: this.posts.near(hashes), shelters: this.shelters.near(hashes), since: this.since };
  }

  private async read(): Promise<void> {
    const r = await readPhotoHashes(this.db, this.since);
    for (const [id, hashes] of r.posts) this.posts.put(id, hashes);
    for (const [no, hashes] of r.shelters) this.shelters.put(no, hashes);
    this.since = r.xmin;
  }
}
