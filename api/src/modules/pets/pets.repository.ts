import { sql, type Insertable, type Selectable } from 'kysely';
import { pagedRows, type PageWindow, type Paged } from '@pawbridge/shared';
import type { Db } from '../../db/index';
import type { PetsTable } from './pets.tables';

export type PetRow = Selectable<PetsTable>;
export type PetFields = Pick<PetRow, 'name' | 'type' | 'weight' | 'age' | 'size' | 'gender' | 'adopt'>;

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** Every query is scoped to the owner: another user's dog simply does not exist here. */
export class PetsRepository {
  constructor(private readonly db: Db) {}

  /** Oldest first (the id is unique, so pages never overlap). */
  listByOwner(userPk: number, w: PageWindow): Promise<Paged<PetRow>> {
    const rows = this.db.selectFrom('pets').selectAll().where('userPk', '=', userPk).orderBy('id');
    const count = async () =>
      Number(
        (
          await this.db
            .selectFrom('pets')
            .select(sql<string>`count(*)`.as('n'))
            .where('userPk', '=', userPk)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return pagedRows(w, { all: () => rows.execute(), page: (p) => rows.limit(p.limit).offset(p.offset).execute(), count });
  }

  findByKey(userPk: number, id: number): Promise<PetRow | undefined> {
    return this.db.selectFrom('pets').selectAll().where('userPk', '=', userPk).where('id', '=', id).executeTakeFirst();
  }

  findByRegistration(userPk: number, petId: string): Promise<PetRow | undefined> {
    return this.db.selectFrom('pets').selectAll().where('userPk', '=', userPk).where('petId', '=', petId).executeTakeFirst();
  }

  /** 'duplicate' when the owner already has this registration number (the unique index decides, so races are safe too). */
  async insert(values: Insertable<PetsTable>): Promise<PetRow | 'duplicate'> {
    try {
      return await this.db.insertInto('pets').values(values).returningAll().executeTakeFirstOrThrow();
    } catch (err) {
      if (isUniqueViolation(err)) return 'duplicate';
      throw err;
    }
  }

  /**
   * Overwrite the fields (and the photo when `profile` is given) in one
   * transaction; returns the photo URL that was replaced, or undefined when
   * the owner has no such dog.
   */
  async update(userPk: number, id: number, fields: PetFields, profile?: string): Promise<{ previousProfile: string | null } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('pets')
        .select(['profile'])
        .where('userPk', '=', userPk)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) return undefined;
      await trx
        .updateTable('pets')
        .set({ ...fields, ...(profile !== undefined ? { profile } : {}) })
        .where('userPk', '=', userPk)
        .where('id', '=', id)
        .execute();
      return { previousProfile: current.profile };
    });
  }

  /** Deletes by registration number; returns the deleted row's photo URL, or undefined when there was none to delete. */
  async deleteByRegistration(userPk: number, petId: string): Promise<{ profile: string | null } | undefined> {
    return this.db.deleteFrom('pets').where('userPk', '=', userPk).where('petId', '=', petId).returning(['profile']).executeTakeFirst();
  }
}
