import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_ERROR_MESSAGES,
  pageWindowFrom,
  PetEditRequestSchema,
  PetRegisterRequestSchema,
  toFieldErrors,
  TOTAL_COUNT_HEADER,
  VALIDATION_SENTENCES,
} from '@pawbridge/shared';
import type { ApiModule } from '../index';
import { ApiHttpError, bootError } from '../../lib/errors';
import { requireUser } from '../../lib/auth';
import { idempotencyKey } from '../../lib/idempotency';
import { jsonPart, readMultipart, type MultipartBody } from '../../lib/multipart';
import { failure, PET_MESSAGES, PetsService } from './pets.service';
import { SESSION_COOKIE } from '../users/session-user';

// The legacy DTO is one class for both calls, so an edit may echo `petId` and `profile`; neither is applied.
const LegacyEditSchema = PetEditRequestSchema.extend({ petId: z.string().max(64).optional() });

const readPetForm = (request: FastifyRequest) => readMultipart(request, { files: ['profile'], json: ['pet'], fail: failure });

/** The `pet` part: JSON, parsed strictly (unknown keys are an error, as the legacy's fresh ObjectMapper). */
function petPart<T>(body: MultipartBody, schema: z.ZodType<T>): T {
  const part = jsonPart(body, 'pet');
  if (!part.ok) {
    const message = part.reason === 'missing' ? VALIDATION_SENTENCES.required : VALIDATION_SENTENCES.invalid;
    throw new ApiHttpError(400, { ...failure(DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED), fieldErrors: { pet: message } });
  }
  const parsed = schema.safeParse(part.value);
  if (!parsed.success)
    throw new ApiHttpError(400, { ...failure(DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED), fieldErrors: toFieldErrors(parsed.error) });
  return parsed.data;
}

const notFound = (request: FastifyRequest) =>
  new ApiHttpError(404, bootError(404, 'Not Found', request.url.split('?')[0] ?? '', PET_MESSAGES.notFound));

/** The database key of the legacy GET/PUT paths; anything else cannot name a dog. */
const dbKey = (raw: string): number | null => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

/**
 * Companion dogs on the legacy paths (legacy-contract §3.7) without its holes:
 * every call needs the owner's session, another user's dog is 404 exactly
 * like a missing one, and registration numbers are unique per owner.
 */
export const petsModule: ApiModule = async (app, ctx) => {
  const service = new PetsService(ctx, app.log);

  app.post('/api/pet/register', async (request, reply) => {
    const body = await readPetForm(request);
    const user = requireUser(request, failure(PET_MESSAGES.loginRequired));
    const input = petPart(body, PetRegisterRequestSchema);
    const photo = body.files.profile;
    if (!photo)
      throw new ApiHttpError(400, { ...failure(PET_MESSAGES.photoRequired), fieldErrors: { profile: PET_MESSAGES.photoRequired } });
    const pet = await service.register(user.pk, input, photo, idempotencyKey(request, failure));
    // `pet` (the stored dog, as the list shows it) spares the BFF a list call; the legacy fields stay as they were.
    return reply.code(200).send({ success: true, message: PET_MESSAGES.registered, petId: pet.petId, pet });
  });

  app.get('/api/pet/profile/pets', async (request, reply) => {
    // The legacy front end asks every visitor's home for "my dogs" and alerts on a 401; a caller that
    // presents no session at all owns no dogs (docs/decisions/0029). A presented session that is no
    // longer live is still 401: the BFF and a member whose session lapsed must be told to log in.
    if (!request.user && request.cookies[SESSION_COOKIE] === undefined)
      return reply.header('cache-control', 'no-store').header(TOTAL_COUNT_HEADER, '0').send([]);
    const user = requireUser(request, PET_MESSAGES.loginRequired);
    const page = pageWindowFrom(request.query);
    if (!page.ok) throw new ApiHttpError(400, bootError(400, 'Bad Request', '/api/pet/profile/pets', page.message));
    const { rows, total } = await service.list(user.pk, page.window);
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  app.get<{ Params: { petId: string } }>('/api/pet/:petId', async (request, reply) => {
    const user = requireUser(request, PET_MESSAGES.loginRequired);
    const key = dbKey(request.params.petId);
    const pet = key === null ? null : await service.get(user.pk, key);
    if (!pet) throw notFound(request);
    return reply.send(pet);
  });

  app.put<{ Params: { petId: string } }>('/api/pet/edit/:petId', async (request, reply) => {
    const body = await readPetForm(request);
    const user = requireUser(request, failure(PET_MESSAGES.loginRequired));
    const key = dbKey(request.params.petId);
    if (key === null) throw new ApiHttpError(404, failure(PET_MESSAGES.notFound));
    const { petId: _ignored, ...input } = petPart(body, LegacyEditSchema);
    await service.edit(user.pk, key, input, body.files.profile);
    return reply.send({ success: true, message: PET_MESSAGES.edited });
  });

  // The legacy deletes by registration number here (not the database key); kept for wire compatibility.
  app.delete<{ Params: { petId: string } }>('/api/pet/delete/:petId', async (request, reply) => {
    const user = requireUser(request, failure(PET_MESSAGES.loginRequired));
    await service.remove(user.pk, request.params.petId);
    return reply.send({ success: true, message: PET_MESSAGES.deleted });
  });
};
