import { sql } from 'kysely';
import type { LatLngPoint } from '@pawbridge/shared';
import type { Db } from '../../db/index';

/** shelter_places and the notices' alert marks (decision 0043 amended); the queries of shelter-places.ts. */
export class ShelterPlacesRepository {
  constructor(private readonly db: Db) {}

  /** A shelter address's cached row, if it was ever looked up. */
  place(address: string) {
    return this.db.selectFrom('shelterPlaces').selectAll().where('address', '=', address).executeTakeFirst();
  }

  /** Keeps (or refreshes) what the address search answered; a null point: no such address. */
  async savePlace(address: string, point: LatLngPoint | null, now: Date): Promise<void> {
    const values = { latitude: point?.lat ?? null, longitude: point?.lng ?? null, lookedUpAt: now };
    await this.db
      .insertInto('shelterPlaces')
      .values({ address, ...values })
      .onConflict((oc) => oc.column('address').doUpdateSet(values))
      .execute();
  }

  /** Marks the notices that are no news (older than `since`, closed, or without an address) without a look-up. */
  async markStale(since: Date, now: Date): Promise<void> {
    await this.db
      .updateTable('shelterAnimals')
      .set({ alertCheckedAt: now })
      .where('alertCheckedAt', 'is', null)
      .where((eb) => eb.or([eb('createdAt', '<', since), eb('status', '<>', 'OPEN'), eb('shelterAddress', 'is', null)]))
      .execute();
  }

  /** The oldest notices not yet placed. */
  pending(limit: number) {
    return this.db
      .selectFrom('shelterAnimals')
      .select(['desertionNo', 'shelterAddress'])
      .where('alertCheckedAt', 'is', null)
      .orderBy('createdAt')
      .orderBy('desertionNo')
      .limit(limit)
      .execute();
  }

  /** In one transaction: queues the notice's ALERT job when it has a point, and marks it placed. */
  async enqueueAndMark(desertionNo: string, point: LatLngPoint | null, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (point) await sql`SELECT neighbourhood_alert_enqueue('SHELTER', ${desertionNo}, ${point.lat}, ${point.lng})`.execute(trx);
      await trx.updateTable('shelterAnimals').set({ alertCheckedAt: now }).where('desertionNo', '=', desertionNo).execute();
    });
  }
}
