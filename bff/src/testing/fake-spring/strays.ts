import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { currentUser, sessionOf, springError, springText, type FakeDomain, type FakeSpringState } from './wire';

type PetStatus = 'LOST' | 'PROTECTING' | 'WAITING' | 'ADOPT';

/** AbandonedPetForm: the member's report (its id is the one the lists use). */
export interface FakeStrayForm {
  id: number;
  latitude: number | null;
  longitude: number | null;
  imageUrl: string;
  gender: string | null;
  description: string | null;
  location: string | null;
  type: string | null;
  status: PetStatus;
  foundDate: string | null;
  foundTime: string | null;
  userId: string;
}

/** AbandonedPet: the admin-approved copy, with its own id (used by search). */
export interface FakeAbandonedPet {
  id: number;
  formId: number;
}

export interface FakeAdoptPet {
  id: number;
  userId: string;
  abandonedPetId: number;
  adoptStatus: 'REQUESTED' | 'APPROVED' | 'REJECTED';
  appliedAt: string;
  approvedAt: string | null;
}

declare module './wire' {
  interface FakeSpringState {
    strayForms: FakeStrayForm[];
    abandonedPets: FakeAbandonedPet[];
    adoptPets: FakeAdoptPet[];
    /** What "Custom Vision" answers; null makes prediction (and therefore every report) fail. */
    predictedBreed: string | null;
    addStrayForm(form: Partial<FakeStrayForm> & { status: PetStatus }): FakeStrayForm;
  }
}

/** A 1×1 PNG: the photo of strays a test adds without one. */
const PLACEHOLDER_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** FileService.uploadFile (legacy-contract §12): `<random UUID><original extension>` under /uploads, served to sessions only. */
function storePhoto(state: FakeSpringState, bytes: Buffer, mime: string, filename: string): string {
  const ext = /\.[A-Za-z0-9]+$/.exec(filename)?.[0] ?? '';
  const name = `${crypto.randomUUID()}${ext}`;
  state.files.set(name, { bytes, mime });
  return `/uploads/${name}`;
}

const ALLOWED_KEYS = new Set([
  'id',
  'latitude',
  'longitude',
  'imageUrl',
  'gender',
  'description',
  'location',
  'type',
  'status',
  'foundDate',
  'foundTime',
  'userId',
]);

/** Spring's LocalDateTime: ISO without offset (UTC in the container). */
const localDateTime = () => new Date().toISOString().replace('Z', '');

/**
 * AdminController's extra check on report approval (legacy-contract §3.3):
 * the session's `loginUser` snapshot, which only the JSON login writes. A
 * social-login admin has none → 401 text; a snapshot without ADMIN → 403 text.
 */
function loginUserIsAdmin(request: FastifyRequest, reply: FastifyReply, state: FakeSpringState): boolean {
  const current = sessionOf(request, state);
  if (!current?.session.principal || current.session.social) {
    springText(request, reply, 401, '로그인이 필요합니다.');
    return false;
  }
  if (state.users.find((u) => u.userId === current.session.principal)?.role !== 'ADMIN') {
    springText(request, reply, 403, '관리자만 접근 가능합니다.');
    return false;
  }
  return true;
}

/** Spring Security's hasRole("ADMIN"): anonymous → 302 /login, others → 403 Boot JSON. */
function admin(request: FastifyRequest, reply: FastifyReply, state: FakeSpringState): boolean {
  const me = currentUser(request, state);
  if (!me) {
    springError(request, reply, state, 403);
    return false;
  }
  if (state.users.find((u) => u.userId === me)?.role !== 'ADMIN') {
    springError(request, reply, state, 403);
    return false;
  }
  return true;
}

const formOf = (state: FakeSpringState, pet: FakeAbandonedPet) => state.strayForms.find((f) => f.id === pet.formId);

function adoptDto(state: FakeSpringState, a: FakeAdoptPet) {
  const pet = state.abandonedPets.find((p) => p.id === a.abandonedPetId);
  const form = pet ? formOf(state, pet) : undefined;
  return {
    id: a.id,
    userName: a.userId,
    petImageUrl: form?.imageUrl ?? null,
    appliedAt: a.appliedAt,
    adoptStatus: a.adoptStatus,
    location: form?.location ?? null,
    type: form?.type ?? null,
  };
}

/** AbandonedPetController, AdminController (strays, adoption) and AdoptPetController with the legacy's quirks. */
export const straysFake: FakeDomain = (app, state) => {
  state.strayForms = [];
  state.abandonedPets = [];
  state.adoptPets = [];
  state.predictedBreed = 'Poodle';
  // Shared with the pets fake (which serves /uploads/:file); whichever registers first creates it.
  state.files ??= new Map();
  let nextPetId = 500;
  const register = (form: FakeStrayForm) => {
    form.status = 'PROTECTING';
    state.abandonedPets.push({ id: nextPetId++, formId: form.id });
  };
  state.addStrayForm = (partial) => {
    const form: FakeStrayForm = {
      id: state.strayForms.length + 1,
      latitude: 37.5,
      longitude: 127,
      imageUrl: partial.imageUrl ?? storePhoto(state, PLACEHOLDER_PNG, 'image/png', 'stray.png'),
      gender: 'FEMALE',
      description: '흰 털의 작은 개',
      location: '서울특별시',
      type: 'Poodle',
      foundDate: '2025-07-09',
      foundTime: '14:30',
      userId: 'reporter',
      ...partial,
    };
    state.strayForms.push(form);
    if (form.status !== 'LOST') state.abandonedPets.push({ id: nextPetId++, formId: form.id });
    return form;
  };

  app.get('/api/abandoned/abandoned-pets', async () => state.strayForms.filter((f) => f.status === 'PROTECTING' || f.status === 'WAITING'));

  // Elasticsearch: AbandonedPet ids, no status/image, description null, date/time term queries never match, 10 hits.
  app.get('/api/abandoned/abandoned-pets/search', async (request) => {
    const q = request.query as Record<string, string | undefined>;
    if (q.foundDate || q.foundTime) return [];
    return state.abandonedPets
      .map((p) => ({ p, f: formOf(state, p) }))
      .filter(({ f }) => f && (!q.location || f.location === q.location))
      .slice(0, 10)
      .map(({ p, f }) => ({
        id: p.id,
        type: f?.type,
        gender: f?.gender,
        foundDate: f?.foundDate,
        foundTime: f?.foundTime,
        description: null,
        location: f?.location,
      }));
  });

  app.get('/api/admin/abandoned-pets', async (request, reply) => (admin(request, reply, state) ? state.strayForms : reply));

  app.post<{ Params: { id: string } }>('/api/admin/reports/:id/register', async (request, reply) => {
    if (!admin(request, reply, state) || !loginUserIsAdmin(request, reply, state)) return reply;
    const form = state.strayForms.find((f) => f.id === Number(request.params.id));
    if (!form) return springText(request, reply, 500, '등록 중 오류 발생: 제보 없음');
    register(form); // no guard: a second call makes another AbandonedPet
    return springText(request, reply, 200, '제보가 유기동물로 등록되었습니다.');
  });

  app.get('/api/admin/adopt-applications', async (request, reply) =>
    admin(request, reply, state) ? state.adoptPets.map((a) => adoptDto(state, a)) : reply,
  );

  app.post<{ Params: { id: string } }>('/api/admin/adopt/approve/:id', async (request, reply) => {
    if (!admin(request, reply, state)) return reply;
    const a = state.adoptPets.find((x) => x.id === Number(request.params.id));
    if (!a) return springText(request, reply, 500, '승인 중 오류 발생: 신청 없음');
    a.adoptStatus = 'APPROVED';
    a.approvedAt = localDateTime();
    const pet = state.abandonedPets.find((p) => p.id === a.abandonedPetId);
    const form = pet ? formOf(state, pet) : undefined;
    if (form) form.status = 'ADOPT';
    return springText(request, reply, 200, '입양이 승인되었습니다.');
  });

  // No auth guard, no duplicate check, any status goes (back) to WAITING.
  app.post<{ Params: { petId: string } }>('/api/adopt/apply/:petId', async (request, reply) => {
    const me = currentUser(request, state);
    if (!me) return springError(request, reply, state, 500);
    const pet = state.abandonedPets.find((p) => p.formId === Number(request.params.petId));
    const form = pet ? formOf(state, pet) : undefined;
    if (!pet || !form) return springError(request, reply, state, 500);
    form.status = 'WAITING';
    state.adoptPets.push({
      id: state.adoptPets.length + 1,
      userId: me,
      abandonedPetId: pet.id,
      adoptStatus: 'REQUESTED',
      appliedAt: localDateTime(),
      approvedAt: null,
    });
    return springText(request, reply, 200, '신청 완료');
  });

  // Despite the name: everyone's applications, no auth.
  app.get('/api/adopt/adoption/my-applications', async () => state.adoptPets.map((a) => adoptDto(state, a)));

  void app.register(async (sub) => {
    await sub.register(multipart, { limits: { fileSize: 20 * 1024 * 1024 } });

    sub.post('/api/abandoned/predict', async (request, reply) => {
      let file = false;
      for await (const part of request.parts())
        if (part.type === 'file' && part.fieldname === 'imageurl' && (await part.toBuffer()).length > 0) file = true;
      if (!file) return springError(request, reply, state, 400);
      if (state.predictedBreed === null) return springError(request, reply, state, 500);
      return { predictedBreed: state.predictedBreed };
    });

    sub.post('/api/abandoned/register', async (request, reply) => {
      let json: string | undefined;
      let photo: { bytes: Buffer; mime: string; filename: string } | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'abandoned-pet') json = bytes.toString('utf8');
          if (part.fieldname === 'imageurl' && bytes.length > 0) photo = { bytes, mime: part.mimetype, filename: part.filename };
        } else if (part.fieldname === 'abandoned-pet') json = String(part.value);
      }
      if (json === undefined || !photo) return springError(request, reply, state, 400);
      const me = currentUser(request, state);
      if (!me) return reply.code(401).send({ success: false, message: '로그인이 필요합니다.' });
      const fail = (why: string) => reply.code(500).send({ success: false, message: `등록 중 오류가 발생했습니다: ${why}` });
      let dto: Record<string, unknown>;
      try {
        dto = JSON.parse(json) as Record<string, unknown>;
      } catch (err) {
        return fail((err as Error).message);
      }
      const unknown = Object.keys(dto).find((k) => !ALLOWED_KEYS.has(k));
      if (unknown) return fail(`Unrecognized field "${unknown}"`);
      if (state.predictedBreed === null) return fail('Custom Vision request failed');
      const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
      state.strayForms.push({
        id: state.strayForms.length + 1,
        latitude: typeof dto.latitude === 'number' ? dto.latitude : null,
        longitude: typeof dto.longitude === 'number' ? dto.longitude : null,
        imageUrl: storePhoto(state, photo.bytes, photo.mime, photo.filename),
        gender: str(dto.gender),
        description: str(dto.description),
        location: str(dto.location),
        type: state.predictedBreed, // the client's breed is ignored
        status: 'LOST',
        foundDate: str(dto.foundDate),
        foundTime: str(dto.foundTime),
        userId: me,
      });
      return { success: true, message: '유기견 등록이 완료되었습니다.' };
    });
  });
};
