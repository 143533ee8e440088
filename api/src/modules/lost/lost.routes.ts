import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_LIMITS, TOTAL_COUNT_HEADER, pageWindow, pageQueryFields, type ErrorReason } from '@pawbridge/shared';
import {
  LOST_LIMITS,
  LOST_MISSING_PART,
  LOST_PHOTO_FIELDS,
  LOST_SIGHTING_PART,
  LOST_UPDATE_PART,
  LostCloseRequestSchema,
  LostCommentParamsSchema,
  LostCommentRequestSchema,
  LostCommentsQuerySchema,
  LostContactRequestSchema,
  LostFlagRequestSchema,
  LostFlagsQuerySchema,
  LostHideRequestSchema,
  LostIdParamsSchema,
  LostListQuerySchema,
  LostMapQuerySchema,
  LostPostEditRequestSchema,
  LostReplyRequestSchema,
  LostUpdateRequestSchema,
  MissingCreateRequestSchema,
  SightingCreateRequestSchema,
} from '@pawbridge/shared/lost.schema';
import { z } from 'zod';
import type { ApiModule } from '../index';
import type { SessionUserRow } from '../../context';
import { jsonPart, MULTIPART_MESSAGES, readMultipart } from '../../lib/multipart';
import { StraysService } from '../strays/strays.service';
import { LostCommentsService } from './lost.comments.service';
import { fieldError, invalid, lostError } from './lost.errors';
import { LostFlyerService, type FlyerFormat } from './lost.flyer';
import { LostModerationService } from './lost.moderation.service';
import { LostReminderSweep } from './lost.reminder';
import { LostRelayService } from './lost.relay.service';
import { LostReportsService } from './lost.reports.service';
import { LostService } from './lost.service';
import { LostSightingsService } from './lost.sightings.service';

const PageSchema = z.object(pageQueryFields(PAGE_LIMITS));

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

const member = (request: FastifyRequest, why: ErrorReason | undefined = undefined): SessionUserRow => {
  if (!request.user) throw lostError(401, 'UNAUTHENTICATED', why);
  return request.user;
};

const admin = (request: FastifyRequest): SessionUserRow => {
  const user = member(request);
  if (user.role !== 'ADMIN') throw lostError(403, 'FORBIDDEN', 'ADMIN_ONLY');
  return user;
};

/** The reader's refusals (by its sentence) as coded bodies; the status is the reader's. */
const multipartFailure = (message: string): Record<string, unknown> => {
  const e =
    message === MULTIPART_MESSAGES.notMultipart
      ? lostError(415, 'UNSUPPORTED_CONTENT_TYPE', 'MULTIPART_REQUIRED')
      : message === MULTIPART_MESSAGES.tooLarge
        ? lostError(413, 'PAYLOAD_TOO_LARGE')
        : lostError(400, 'MALFORMED_REQUEST');
  return e.body as Record<string, unknown>;
};

const idOf = (request: FastifyRequest) => parse(LostIdParamsSchema, request.params).id;

/** A multipart write's JSON part (parsed by `schema`) and its photos, in field order. */
async function multipartOf<S extends z.ZodType>(
  request: FastifyRequest,
  part: string,
  schema: S,
): Promise<{ form: z.infer<S>; files: Buffer[] }> {
  const body = await readMultipart(request, {
    files: LOST_PHOTO_FIELDS,
    json: [part],
    limits: { files: LOST_LIMITS.photosMax },
    fail: multipartFailure,
  });
  const raw = jsonPart(body, part);
  if (!raw.ok) throw fieldError(part, raw.reason === 'missing' ? 'required' : 'invalid');
  const form = parse(schema, raw.value);
  const files = LOST_PHOTO_FIELDS.map((f) => body.files[f]).filter((b): b is Buffer => b !== undefined);
  return { form, files };
}

/**
 * Lost and found (issue 27, docs/decisions/0037): our api's own paths, beyond the legacy contract, so
 * the answers are the BFF's shapes and every failure a coded body (lost.errors.ts).
 */
export const lostModule: ApiModule = async (app, ctx) => {
  const lost = new LostService(ctx);
  const reports = new LostReportsService(ctx, app.log);
  const sightings = new LostSightingsService(ctx, app.log, new StraysService(ctx, app.log, null));
  const relay = new LostRelayService(ctx);
  const moderation = new LostModerationService(ctx);
  const flyers = new LostFlyerService(ctx, lost, app.log);
  const comments = new LostCommentsService(ctx);
  ctx.events.subscribe(
    'lost.notice',
    (event) => relay.mailNotice(event).catch((err: unknown) => app.log.warn({ err }, 'lost-and-found e-mail not sent')),
    { scope: 'origin' },
  );
  const reminders = new LostReminderSweep(ctx, app.log);
  const schedule = reminders.schedule();
  app.addHook('onClose', async () => schedule.stop());
  app.decorate('lostReminders', reminders);

  app.get('/api/lost/posts', async (request, reply) => {
    const { page, size, ...filters } = parse(LostListQuerySchema, request.query);
    const { rows, total } = await lost.board(filters, pageWindow({ page, size }));
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  app.get('/api/lost/map', async (request) => lost.map(parse(LostMapQuerySchema, request.query)));

  app.get('/api/lost/stats', async (request) => lost.stats(request.user));

  app.get('/api/lost/posts/:id', async (request) => lost.detail(idOf(request), request.user));

  /** The flyer (A4 PDF) and the square image: public, never for a hidden post; `no-cache` with an ETag, so a changed post prints anew. */
  const flyer = (format: FlyerFormat, type: string, file: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const id = idOf(request);
    const { post, etag } = await flyers.prepare(id, format);
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const bytes = await flyers.render(post, format);
    return reply.type(type).header('content-disposition', `inline; filename="pawbridge-lost-${id}${file}"`).send(bytes);
  };
  app.get('/api/lost/posts/:id/flyer.pdf', flyer('pdf', 'application/pdf', '.pdf'));
  app.get('/api/lost/posts/:id/square.png', flyer('square', 'image/png', '.png'));

  app.get('/api/lost/my-posts', async (request, reply) => {
    const user = member(request);
    const { rows, total } = await lost.mine(user.pk, pageWindow(parse(PageSchema, request.query)));
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  app.post('/api/lost/missing', async (request, reply) => {
    const user = member(request);
    const { form, files } = await multipartOf(request, LOST_MISSING_PART, MissingCreateRequestSchema);
    return reply.code(201).send(await reports.createMissing(user, form, files));
  });

  app.post('/api/lost/sightings', async (request, reply) => {
    const user = member(request);
    const { form, files } = await multipartOf(request, LOST_SIGHTING_PART, SightingCreateRequestSchema);
    return reply.code(201).send(await sightings.createSighting(user, form, files));
  });

  app.put('/api/lost/posts/:id', async (request, reply) => {
    const user = member(request);
    const id = idOf(request);
    await reports.edit(user, id, parse(LostPostEditRequestSchema, request.body ?? {}));
    return reply.send(await lost.detail(id, user));
  });

  app.post('/api/lost/posts/:id/updates', async (request, reply) => {
    const user = member(request);
    const id = idOf(request);
    const { form, files } = await multipartOf(request, LOST_UPDATE_PART, LostUpdateRequestSchema);
    await reports.update(user, id, form, files);
    return reply.send(await lost.detail(id, user));
  });

  app.post('/api/lost/posts/:id/close', async (request, reply) => {
    const user = member(request);
    const id = idOf(request);
    await reports.close(user, id, parse(LostCloseRequestSchema, request.body ?? {}));
    return reply.send(await lost.detail(id, user));
  });

  app.post('/api/lost/posts/:id/to-stray-report', async (request, reply) => {
    const user = member(request, 'REPORT_LOGIN_REQUIRED');
    return reply.code(201).send(await sightings.toStrayReport(user, idOf(request)));
  });

  app.post('/api/lost/posts/:id/contact', async (request, reply) => {
    const user = member(request);
    const id = idOf(request);
    const { message } = parse(LostContactRequestSchema, request.body ?? {});
    return reply.code(201).send(await relay.contact(user, id, message));
  });

  app.post('/api/lost/contacts/:id/reply', async (request, reply) => {
    const user = member(request);
    const id = idOf(request);
    const { message, phone } = parse(LostReplyRequestSchema, request.body ?? {});
    return reply.code(201).send(await relay.reply(user, id, message, phone ?? null));
  });

  app.get('/api/lost/contacts', async (request, reply) => {
    const user = member(request);
    const { rows, total } = await relay.contacts(user, pageWindow(parse(PageSchema, request.query)));
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  app.get('/api/lost/posts/:id/comments', async (request, reply) => {
    const id = idOf(request);
    const { rows, total } = await comments.list(id, request.user, pageWindow(parse(LostCommentsQuerySchema, request.query)));
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  app.post('/api/lost/posts/:id/comments', async (request, reply) => {
    const user = member(request, 'COMMENT_LOGIN_REQUIRED');
    const id = idOf(request);
    const { content } = parse(LostCommentRequestSchema, request.body ?? {});
    return reply.code(201).send(await comments.create(user, id, content));
  });

  app.delete('/api/lost/posts/:id/comments/:commentId', async (request, reply) => {
    const user = member(request);
    const { id, commentId } = parse(LostCommentParamsSchema, request.params);
    await comments.remove(user, id, commentId);
    return reply.code(204).send();
  });

  app.post('/api/lost/posts/:id/flags', async (request, reply) => {
    const user = member(request);
    return reply.code(201).send(await moderation.flag(user, idOf(request), parse(LostFlagRequestSchema, request.body ?? {})));
  });

  app.get('/api/admin/lost/flags', async (request, reply) => {
    admin(request);
    const { state, ...page } = parse(LostFlagsQuerySchema, request.query);
    const { rows, total } = await moderation.flags(state, pageWindow(page));
    return reply.header(TOTAL_COUNT_HEADER, String(total)).send(rows);
  });

  app.post('/api/admin/lost/posts/:id/hide', async (request, reply) => {
    const user = admin(request);
    const id = idOf(request);
    await moderation.setHidden(user, id, parse(LostHideRequestSchema, request.body ?? {}).hidden);
    return reply.send(await lost.detail(id, user));
  });

  app.post('/api/admin/lost/posts/:id/close', async (request, reply) => {
    const user = admin(request);
    const id = idOf(request);
    await moderation.adminClose(user, id);
    return reply.send(await lost.detail(id, user));
  });

  app.post('/api/admin/lost/flags/:id/dismiss', async (request, reply) => {
    admin(request);
    await moderation.dismissFlag(idOf(request));
    return reply.code(204).send();
  });
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The 7-day reminder sweep (tests drive it with their own clock). */
    lostReminders: LostReminderSweep;
  }
}
