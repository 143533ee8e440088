import type { FastifyBaseLogger } from 'fastify';
import type { PageWindow, Paged, PetEditRequest, PetRegisterRequest } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import { ApiHttpError } from '../../lib/errors';
import { cleanImage } from '../../lib/images';
import { once } from '../../lib/idempotency';
import { keyFromUploadUrl, uploadUrl } from '../../integrations/storage';
import { PetsRepository, type PetFields, type PetRow } from './pets.repository';
import { DEFAULT_ERROR_MESSAGES, ERROR_REASON_MESSAGES, OK_MESSAGES, VALIDATION_SENTENCES } from '@pawbridge/shared';

/** Legacy sentences (legacy-contract §3.7) plus the ones for the rules the legacy lacked. */
export const PET_MESSAGES = {
  loginRequired: DEFAULT_ERROR_MESSAGES.UNAUTHENTICATED,
  registered: '반려견 등록이 완료되었습니다.',
  edited: '반려견 정보가 수정되었습니다.',
  deleted: OK_MESSAGES.PET_DELETED,
  notFound: ERROR_REASON_MESSAGES.PET_NOT_FOUND,
  duplicate: ERROR_REASON_MESSAGES.PET_NUMBER_DUPLICATE,
  photoRequired: VALIDATION_SENTENCES.petPhotoRequired,
  listFailed: '반려견 조회 중 오류가 발생했습니다.',
} as const;

export const failure = (message: string) => ({ success: false, message });

export type PetDto = ReturnType<typeof toDto>;

/** PetProfileDto of the legacy, plus our `id` (the database key the legacy GET/PUT paths take). */
export function toDto(row: PetRow) {
  return {
    id: row.id,
    name: row.name,
    profile: row.profile,
    adopt: row.adopt,
    type: row.type,
    weight: row.weight,
    size: row.size,
    age: row.age,
    gender: row.gender,
    petId: row.petId,
  };
}

const fieldsOf = (input: PetRegisterRequest | PetEditRequest): PetFields => ({
  name: input.name,
  type: input.type,
  // One decimal, as the 0.1 kg step promises (4.2 stays 4.2, never 4.2000000001).
  weight: Math.round(input.weight * 10) / 10,
  age: input.age,
  size: input.size,
  gender: input.gender,
  adopt: input.adopt,
});

/**
 * Photo first, row second: the file is written, then the row in one
 * statement/transaction; if the row fails the new file is removed, and a
 * replaced or deleted photo is removed only after the row change committed.
 * So no failure leaves an orphan file or a row pointing at nothing.
 */
export class PetsService {
  private readonly repo: PetsRepository;
  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new PetsRepository(ctx.db);
  }

  /** The owner's dogs, oldest first. */
  async list(userPk: number, w: PageWindow): Promise<Paged<PetDto>> {
    const { rows, total } = await this.repo.listByOwner(userPk, w);
    return { rows: rows.map(toDto), total };
  }

  /** The owner's dog by database key; another owner's dog is null exactly like a missing one. */
  async get(userPk: number, id: number): Promise<PetDto | null> {
    const row = await this.repo.findByKey(userPk, id);
    return row ? toDto(row) : null;
  }

  private async storePhoto(bytes: Buffer): Promise<string> {
    const image = await cleanImage(bytes, failure);
    return uploadUrl(await this.ctx.storage.put(image.bytes, image.ext, image.thumbnail));
  }

  private async removePhoto(url: string | null): Promise<void> {
    const key = keyFromUploadUrl(url);
    if (!key) return;
    await this.ctx.storage.delete(key).catch((err: unknown) => this.log.warn({ err, key }, 'could not delete photo'));
  }

  /**
   * Registers a dog. A retry with the same idempotency key (after a timeout)
   * gets the first answer instead of a 409 duplicate; without a key (the
   * legacy client) every call registers. The row and the stored answer
   * commit in one transaction; the photo is stored before it and removed
   * when it rolls back.
   */
  register(userPk: number, input: PetRegisterRequest, photo: Buffer, idempotencyKey: string | null = null): Promise<PetDto> {
    return once(
      this.ctx.db,
      idempotencyKey,
      { userPk, scope: 'pet-register', fail: failure },
      {
        prepare: async () => {
          if (await this.repo.findByRegistration(userPk, input.petId)) throw new ApiHttpError(409, failure(PET_MESSAGES.duplicate));
          return this.storePhoto(photo);
        },
        write: async (trx, profile) => {
          const row = await new PetsRepository(trx).insert({ userPk, petId: input.petId, profile, ...fieldsOf(input) });
          if (row === 'duplicate') throw new ApiHttpError(409, failure(PET_MESSAGES.duplicate));
          return toDto(row);
        },
        discard: (profile) => this.removePhoto(profile),
      },
    );
  }

  async edit(userPk: number, id: number, input: PetEditRequest, photo: Buffer | undefined): Promise<void> {
    if (!(await this.repo.findByKey(userPk, id))) throw new ApiHttpError(404, failure(PET_MESSAGES.notFound));
    const profile = photo ? await this.storePhoto(photo) : undefined;
    let result;
    try {
      result = await this.repo.update(userPk, id, fieldsOf(input), profile);
    } catch (err) {
      if (profile) await this.removePhoto(profile);
      throw err;
    }
    if (!result) {
      if (profile) await this.removePhoto(profile);
      throw new ApiHttpError(404, failure(PET_MESSAGES.notFound));
    }
    if (profile && result.previousProfile !== profile) await this.removePhoto(result.previousProfile);
  }

  async remove(userPk: number, petId: string): Promise<void> {
    const deleted = await this.repo.deleteByRegistration(userPk, petId);
    if (!deleted) throw new ApiHttpError(404, failure(PET_MESSAGES.notFound));
    await this.removePhoto(deleted.profile);
  }
}
