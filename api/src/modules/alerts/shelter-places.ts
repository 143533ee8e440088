import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { LatLngPoint } from '@pawbridge/shared';
import type { Db } from '../../db/index';
import type { AddressGeocoder } from '../../integrations/geocoding/address-geocoder';
import { ShelterPlacesRepository } from './shelter-places.repository';

/** How far back a synced notice is still news for the neighbours (older ones are marked and skipped). */
export const SHELTER_ALERT_WINDOW_MS = 14 * 86_400_000;
/** A "no such address" answer is asked again after this long (the shelter may have fixed its address). */
export const SHELTER_PLACE_RETRY_MS = 30 * 86_400_000;
export const SHELTER_PLACES_CRON = '*/5 * * * *';
const BATCH = 200;

/** The cache key of a shelter address: trimmed, spaces collapsed (the portal's spacing varies). */
export const placeKey = (address: string): string => address.trim().replace(/\s+/g, ' ');

/** A shelter address's cached point (undefined: never looked up or due again; null: no such address). */
export async function cachedPlace(db: Db, address: string, now: Date = new Date()): Promise<LatLngPoint | null | undefined> {
  const row = await new ShelterPlacesRepository(db).place(placeKey(address));
  if (!row) return undefined;
  if (row.latitude === null || row.longitude === null)
    return now.getTime() - row.lookedUpAt.getTime() > SHELTER_PLACE_RETRY_MS ? undefined : null;
  return { lat: row.latitude, lng: row.longitude };
}

/**
 * Shelter notices in neighbourhood alerts (issue 28, decision 0043 amended). A synced notice has no point;
 * its shelter has an address. A periodic sweep takes the notices not yet placed, finds each shelter
 * address's point once (the address search, cached per address in `shelter_places`), and queues the
 * notice's ALERT job through the same database function the other posts' triggers use, so the fan-out
 * (alerts.fanout.ts) tells the members who chose shelter animals. A failed search leaves its notices for
 * the next sweep; without an address search configured, notices are marked and alert nobody.
 */
export class ShelterPlaces {
  private readonly db: Db;
  private readonly repo: ShelterPlacesRepository;
  constructor(
    ctx: { db: Db },
    private readonly log: FastifyBaseLogger,
    private readonly geocoder: AddressGeocoder | undefined,
  ) {
    this.db = ctx.db;
    this.repo = new ShelterPlacesRepository(ctx.db);
  }

  /** One sweep: answers how many notices were queued for the fan-out. */
  async run(now: Date = new Date()): Promise<number> {
    const since = new Date(now.getTime() - SHELTER_ALERT_WINDOW_MS);
    // Notices too old to be news, or closed already, are marked without a look-up.
    await this.repo.markStale(since, now);
    const pending = await this.repo.pending(BATCH);
    if (pending.length === 0) return 0;
    const places = new Map<string, LatLngPoint | null>();
    for (const key of new Set(pending.map((p) => placeKey(p.shelterAddress ?? '')))) {
      const place = await this.place(key, now);
      if (place !== undefined) places.set(key, place);
    }
    let queued = 0;
    for (const p of pending) {
      const key = placeKey(p.shelterAddress ?? '');
      if (!places.has(key)) continue; // the search failed: next sweep
      const point = places.get(key);
      await this.repo.enqueueAndMark(p.desertionNo, point ?? null, now);
      if (point) queued += 1;
    }
    if (queued > 0) this.log.info({ queued }, 'shelter notices placed for neighbourhood alerts');
    return queued;
  }

  /** The address's point from the cache, else the search (kept); undefined when the search failed. */
  private async place(key: string, now: Date): Promise<LatLngPoint | null | undefined> {
    const cached = await cachedPlace(this.db, key, now);
    if (cached !== undefined) return cached;
    if (!this.geocoder) return null;
    let point: LatLngPoint | null;
    try {
      point = await this.geocoder.positionOf(key);
    } catch (err) {
      this.log.warn({ err }, 'shelter address not looked up');
      return undefined;
    }
    await this.repo.savePlace(key, point, now);
    return point;
  }

  /** Runs the sweep on SHELTER_PLACES_CRON until `stop` (never two at once on one instance). */
  schedule(): { stop: () => void } {
    const job = new Cron(SHELTER_PLACES_CRON, { protect: true }, async () => {
      try {
        await this.run();
      } catch (err) {
        this.log.warn({ err }, 'shelter places sweep failed');
      }
    });
    return { stop: () => job.stop() };
  }
}
