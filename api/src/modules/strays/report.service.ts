import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { LIMITS, StrayReportRequestSchema, VALIDATION_MESSAGES, toFieldErrors } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import { uploadUrl } from '../../integrations/storage';
import type { BreedPredictor } from '../../integrations/breed/predictor';
import { ApiHttpError } from '../../lib/errors';
import { cleanImage } from '../../lib/images';
import { idempotencyKey, once } from '../../lib/idempotency';
import { domainEvent } from '../../events';

const fail = (message: string, fieldErrors?: Record<string, string>) => ({ success: false, message, ...(fieldErrors ? { fieldErrors } : {}) });

/** Keys the legacy DTO allows but ignores; anything else is a client mistake. */
const IGNORED_KEYS = ['id', 'imageUrl', 'status', 'userId'];

interface ReportParts {
  json: string | undefined;
  photo: Buffer | undefined;
}

async function readParts(request: FastifyRequest): Promise<ReportParts> {
  if (!request.isMultipart()) throw new ApiHttpError(415, fail('multipart/form-data 형식으로 보내 주세요.'));
  const out: ReportParts = { json: undefined, photo: undefined };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > LIMITS.imageMaxBytes) throw new ApiHttpError(413, fail('파일 크기는 5MB 이하여야 합니다.'));
      if (part.fieldname === 'imageurl' && bytes.length > 0) out.photo = bytes;
      else if (part.fieldname === 'abandoned-pet') out.json = bytes.toString('utf8');
    } else if (part.fieldname === 'abandoned-pet') {
      out.json = String(part.value);
    }
  }
  return out;
}

function parseForm(json: string | undefined) {
  if (json === undefined) throw new ApiHttpError(400, fail('제보 내용(abandoned-pet)이 필요합니다.'));
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ApiHttpError(400, fail('제보 내용의 형식이 올바르지 않습니다.'));
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ApiHttpError(400, fail('제보 내용의 형식이 올바르지 않습니다.'));
  const body = { ...(raw as Record<string, unknown>) };
  for (const k of IGNORED_KEYS) delete body[k];
  const parsed = StrayReportRequestSchema.strict().safeParse(body);
  if (!parsed.success) {
    const fieldErrors = toFieldErrors(parsed.error);
    throw new ApiHttpError(400, fail(Object.values(fieldErrors)[0] ?? '입력한 내용을 다시 확인해 주세요.', fieldErrors));
  }
  return parsed.data;
}

/**
 * A member reports a found dog (status LOST). The photo is checked and cleaned
 * before anything is stored; the breed is the member's own text, else the
 * predictor's confident guess, else null — a failed prediction never fails the
 * report. The stored photo is removed again if the insert fails.
 */
export async function createReport(ctx: ApiContext, request: FastifyRequest, predictor: BreedPredictor | null, log: FastifyBaseLogger) {
  const reporterPk = request.user?.pk;
  if (reporterPk === undefined) throw new ApiHttpError(401, fail('로그인이 필요합니다.'));
  const parts = await readParts(request);
  const form = parseForm(parts.json);
  if (!parts.photo) {
    const message = VALIDATION_MESSAGES.photoRequired ?? '유기견 사진은 필수입니다.';
    throw new ApiHttpError(400, fail(message, { imageurl: message }));
  }
  const photo = parts.photo;
  // A retry with the same Idempotency-Key (after a timeout) gets the first answer instead of a second report.
  return once(ctx.db, idempotencyKey(request, fail), { userPk: reporterPk, scope: 'stray-report', fail }, () => store(ctx, reporterPk, form, photo, predictor, log));
}

async function store(ctx: ApiContext, reporterPk: number, form: ReturnType<typeof parseForm>, original: Buffer, predictor: BreedPredictor | null, log: FastifyBaseLogger) {
  const photo = await cleanImage(original, (m) => fail(m));
  let type = form.type?.trim() || null;
  if (!type && predictor) {
    try {
      type = (await predictor.predict(photo.bytes)).breed;
    } catch (err) {
      log.warn({ err }, 'breed prediction failed; report saved without a breed');
    }
  }
  const key = await ctx.storage.put(photo.bytes, photo.ext, photo.thumbnail);
  let stored: number;
  try {
    const row = await ctx.db
      .insertInto('strayReports')
      .values({
        reporterPk,
        latitude: form.latitude,
        longitude: form.longitude,
        imageUrl: uploadUrl(key),
        gender: form.gender ?? null,
        description: form.description,
        location: form.location,
        type,
        name: null,
        foundDate: form.foundDate,
        foundTime: form.foundTime,
        status: 'LOST',
        registeredAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stored = row.id;
  } catch (err) {
    await ctx.storage.delete(key);
    throw err;
  }
  await ctx.events.publish(domainEvent('stray.reported', { strayId: stored, reporterPk }));
  return { success: true, message: '유기견 등록이 완료되었습니다.', id: stored };
}
