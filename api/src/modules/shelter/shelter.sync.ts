import type { FastifyBaseLogger } from 'fastify';
import { seoulToday } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import { PortalError, PublicDataClient, PAGE_MAX } from '../../integrations/public-data/client';
import { parseAnimal, type ParsedAnimal } from '../../integrations/public-data/items';
import { startStandin, type Standin } from '../../integrations/public-data/standin';
import type { ShelterSample } from '../../integrations/public-data/sample-generator';
import { ShelterRepository, type AnimalValues, type SyncRunRow } from './shelter.repository';
import { addDays, shelterError } from './shelter.service';
import type { ShelterImages } from './shelter.images';
import type { SyncTrigger } from './shelter.tables';

/** A running row without a heartbeat for this long belongs to an instance that died. */
export const STALE_AFTER_MS = 15 * 60_000;

/** A bound on one run (200,000 dogs at 1,000 a page), should the portal's paging misbehave. */
const MAX_PAGES_PER_RUN = 200;

/** The demo's key for the in-process stand-in (not a secret: it only opens the local sample). */
const SAMPLE_KEY = 'pawbridge-sample-key';

export interface SyncOptions {
  /** Force the generated sample (CLI --sample); refused in production. */
  sample?: boolean;
  /** Page length (tests use small pages to exercise paging). */
  pageSize?: number;
  /** Another sample than the committed file (tests use a small one). */
  sampleData?: ShelterSample;
  /** Client overrides for tests (back-off, attempts). */
  client?: { backoffMs?: number; attempts?: number };
}

export interface SyncSource {
  client: PublicDataClient;
  sample: boolean;
  /** Extra image hosts allowed for this run (the stand-in's). */
  imageHosts: string[];
  close(): Promise<void>;
}

const ALIASES: Record<string, string> = {
  '\uAC15\uC6D0\uB3C4': '\uAC15\uC6D0\uD2B9\uBCC4\uC790\uCE58\uB3C4',
  '\uC804\uB77C\uBD81\uB3C4': '\uC804\uBD81\uD2B9\uBCC4\uC790\uCE58\uB3C4',
};

/** sido and sigungu of an animal from its orgNm (or shelter address), matched against the sido_v2 names. */
export function regionOf(
  a: Pick<ParsedAnimal, 'orgName' | 'shelterAddress'>,
  sidoNames: readonly string[],
): { sido: string | null; sigungu: string | null } {
  for (const source of [a.orgName, a.shelterAddress]) {
    const words = (source ?? '').trim().split(/\s+/);
    const first = ALIASES[words[0] ?? ''] ?? words[0] ?? '';
    if (!first) continue;
    const sido = sidoNames.find((s) => s === first);
    if (sido) return { sido, sigungu: words[1] && words[1] !== sido ? words[1] : null };
  }
  return { sido: null, sigungu: null };
}

/** The sync job: windowed pages from the portal, upserted by desertionNo, checkpointed per page. */
export class ShelterSync {
  private readonly repo: ShelterRepository;
  private current: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
    private readonly images: ShelterImages,
  ) {
    this.repo = new ShelterRepository(ctx.db);
  }

  /** Whether a sync can run at all (a key, or the demo's sample mode). */
  get configured(): boolean {
    return Boolean(this.ctx.config.shelter.serviceKey) || this.ctx.config.shelter.sampleMode;
  }

  /** Resolves when the run in progress on this instance (if any) ends. */
  idle(): Promise<void> {
    return this.current ?? Promise.resolve();
  }

  /** Shutting down: the run stops after the page in hand (failed, resumable) and no new run starts. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.idle();
  }

  private async source(opts: SyncOptions): Promise<SyncSource> {
    const cfg = this.ctx.config.shelter;
    const client = (baseUrl: string, serviceKey: string) =>
      new PublicDataClient({
        baseUrl,
        serviceKey,
        log: this.log,
        attempts: opts.client?.attempts ?? 4,
        backoffMs: opts.client?.backoffMs ?? 1000,
      });
    if (opts.sample && this.ctx.config.env === 'production')
      throw shelterError(503, 'SHELTER_SYNC_UNCONFIGURED', '/api/admin/shelter-sync', 'SAMPLE_REFUSED_IN_PRODUCTION');
    if (cfg.serviceKey && !opts.sample)
      return { client: client(cfg.baseUrl, cfg.serviceKey), sample: false, imageHosts: [], close: async () => undefined };
    if (!opts.sample && !cfg.sampleMode) throw shelterError(503, 'SHELTER_SYNC_UNCONFIGURED', '/api/admin/shelter-sync');
    const standin: Standin = await startStandin({ serviceKey: SAMPLE_KEY, ...(opts.sampleData ? { sample: opts.sampleData } : {}) });
    return { client: client(standin.baseUrl, SAMPLE_KEY), sample: true, imageHosts: [standin.host], close: () => standin.close() };
  }

  /**
   * Starts a run and answers its id once the run row exists; `done` settles
   * when it ends (never rejects: failures are recorded on the row). 409 when a
   * run is going on here or on another instance; 503 when unconfigured.
   */
  async start(trigger: SyncTrigger, opts: SyncOptions = {}): Promise<{ runId: number; done: Promise<void> }> {
    if (!opts.sample && !this.configured) throw shelterError(503, 'SHELTER_SYNC_UNCONFIGURED', '/api/admin/shelter-sync');
    if (this.current || this.stopping) throw shelterError(409, 'SHELTER_SYNC_RUNNING', '/api/admin/shelter-sync');
    await this.repo.failStaleRuns(new Date(Date.now() - STALE_AFTER_MS));
    const sample = Boolean(opts.sample) || (!this.ctx.config.shelter.serviceKey && this.ctx.config.shelter.sampleMode);
    const plan = await this.plan(sample);
    const run = await this.repo.startRun({ trigger, ...plan, sample });
    if (!run) throw shelterError(409, 'SHELTER_SYNC_RUNNING', '/api/admin/shelter-sync');
    const done = this.execute(run, opts).finally(() => {
      this.current = undefined;
    });
    this.current = done;
    return { runId: run.id, done };
  }

  /**
   * The window and first page: a failed or partial last run is resumed (its
   * window, from its checkpoint); otherwise from the last success's end (one
   * day of overlap, upserts make it harmless) or N days back, to today.
   */
  private async plan(sample: boolean): Promise<{ windowFrom: string; windowTo: string; nextPage: number; resumedFromRun: number | null }> {
    const last = await this.repo.lastFinished();
    if (last && last.status === 'failed' && last.sample === sample) {
      return { windowFrom: last.windowFrom, windowTo: last.windowTo, nextPage: last.nextPage, resumedFromRun: last.id };
    }
    const today = seoulToday();
    const ok = await this.repo.lastSucceeded();
    // The sample is small and spans about 80 days: a first sample run takes all of it.
    const firstDays = sample ? 365 : this.ctx.config.shelter.firstDays;
    const from = ok && ok.sample === sample ? addDays(ok.windowTo, -1) : addDays(today, -firstDays);
    return { windowFrom: from, windowTo: today, nextPage: 1, resumedFromRun: null };
  }

  /** Items without kindNm get the name from the (cached) kind_v2 look-up by kindCd. */
  private async fillKinds(client: PublicDataClient, values: AnimalValues[]): Promise<void> {
    const missing = values.filter((v) => !v.kind && v.kindCd);
    if (missing.length === 0) return;
    const kinds = await client.kinds().catch(() => []);
    const names = new Map(kinds.map((k) => [String(k.kindCd ?? ''), String(k.kindNm ?? '')]));
    for (const v of missing) v.kind = names.get(v.kindCd ?? '') ?? '';
  }

  private async execute(run: SyncRunRow, opts: SyncOptions): Promise<void> {
    let source: SyncSource | undefined;
    let skipped = 0;
    const stored = new Set<string>();
    try {
      source = await this.source({ ...opts, sample: run.sample });
      const sidoNames = await source.client
        .sido()
        .then((rows) => rows.map((r) => String(r.orgdownNm ?? '')).filter(Boolean))
        .catch((err: unknown) => {
          this.log.warn(
            { code: err instanceof PortalError ? err.code : 'UNKNOWN' },
            'shelter sync: sido look-up failed, regions from names only',
          );
          return [] as string[];
        });
      const size = Math.min(opts.pageSize ?? PAGE_MAX, PAGE_MAX);
      const ymd = (d: string) => d.replaceAll('-', '');
      for (let pageNo = run.nextPage; ; pageNo += 1) {
        const page = await source.client.animalsPage({ bgupd: ymd(run.windowFrom), enupd: ymd(run.windowTo), pageNo, numOfRows: size });
        const values: AnimalValues[] = [];
        for (const raw of page.items) {
          const parsed = parseAnimal(raw);
          if (!parsed.ok) {
            skipped += 1;
            continue;
          }
          values.push({ ...parsed.animal, ...regionOf(parsed.animal, sidoNames) });
          stored.add(parsed.animal.desertionNo);
        }
        await this.fillKinds(source.client, values);
        const counts = await this.repo.upsertPage(values);
        await this.repo.checkpoint(run.id, { nextPage: pageNo + 1, fetched: page.items.length, ...counts });
        const last = page.totalCount === null ? page.items.length < size : pageNo * size >= page.totalCount;
        if (page.items.length === 0 || last) break;
        if (pageNo - run.nextPage + 1 >= MAX_PAGES_PER_RUN)
          throw new PortalError('TOO_MANY_PAGES', `stopped after ${MAX_PAGES_PER_RUN} pages; the next run resumes here`, false);
        if (this.stopping) throw new PortalError('ABORTED', 'the api shut down; the next run resumes here', false);
      }
      if (source.sample) await this.images.prefill([...stored], source.imageHosts);
      const status = skipped > 0 ? 'partial' : 'succeeded';
      await this.repo.finishRun(run.id, status, skipped > 0 ? `ITEMS_SKIPPED: ${skipped} unreadable items` : null);
      this.log.info({ runId: run.id, status }, 'shelter sync finished');
    } catch (err) {
      const key = this.ctx.config.shelter.serviceKey;
      const raw = err instanceof PortalError ? err.summary : `INTERNAL: ${err instanceof Error ? err.message : 'error'}`;
      const summary = (key ? raw.split(key).join('[key]') : raw).slice(0, 300);
      this.log.warn({ runId: run.id, error: summary }, 'shelter sync failed');
      await this.repo.finishRun(run.id, 'failed', summary).catch(() => undefined);
    } finally {
      await source?.close().catch(() => undefined);
    }
  }
}
