import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { currentUser, springError, springText, type FakeDomain, type FakeSpringState } from './wire';

/** One row of the legacy `pet` table: `id` is the database key the API never shows. */
export interface FakePet {
  id: number;
  owner: string;
  petId: string | null;
  name: string | null;
  type: string | null;
  weight: number;
  size: string | null;
  age: number;
  gender: string | null;
  adopt: boolean;
  profile: string;
}

declare module './wire' {
  interface FakeSpringState {
    pets: FakePet[];
    nextPetKey: number;
    /** Uploaded files by name (`/uploads/<name>`), shared by every domain that stores photos. */
    files: Map<string, { bytes: Buffer; mime: string }>;
    addPet(pet: Partial<FakePet> & { owner: string; petId: string }): FakePet;
  }
}

const DTO_KEYS = ['name', 'profile', 'adopt', 'type', 'weight', 'size', 'age', 'gender', 'petId'];
const SIZES = ['LARGE', 'MEDIUM', 'SMALL'];
const GENDERS = ['FEMALE', 'MALE', 'NEUTER'];

/** PetProfileDto: the registration number is `petId`, the database key is never sent. */
const dto = (p: FakePet) => ({
  name: p.name,
  profile: p.profile,
  adopt: p.adopt,
  type: p.type,
  weight: p.weight,
  size: p.size,
  age: p.age,
  gender: p.gender,
  petId: p.petId,
});

/** `new ObjectMapper().readValue(petJson, PetProfileDto.class)`: unknown keys and unknown enum names throw. */
function strictPet(raw: string): Record<string, unknown> {
  const json = JSON.parse(raw) as Record<string, unknown>;
  for (const k of Object.keys(json)) if (!DTO_KEYS.includes(k)) throw new Error(`Unrecognized field "${k}"`);
  if (json.size != null && !SIZES.includes(String(json.size))) throw new Error(`Cannot deserialize Size from "${String(json.size)}"`);
  if (json.gender != null && !GENDERS.includes(String(json.gender)))
    throw new Error(`Cannot deserialize Gender from "${String(json.gender)}"`);
  return json;
}

async function readParts(request: FastifyRequest): Promise<{ pet?: string; profile?: { bytes: Buffer; mime: string; filename: string } }> {
  const out: { pet?: string; profile?: { bytes: Buffer; mime: string; filename: string } } = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'pet') out.pet = bytes.toString('utf8');
      if (part.fieldname === 'profile') out.profile = { bytes, mime: part.mimetype, filename: part.filename };
    } else if (part.fieldname === 'pet') out.pet = String(part.value);
  }
  return out;
}

const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ success: false, message });

/** FileService.uploadFile: `<uuid><original extension>`; an empty file is the default picture. */
function store(state: FakeSpringState, file: { bytes: Buffer; mime: string; filename: string } | undefined): string {
  if (!file || file.bytes.length === 0 || !file.filename) return '/images/default-profile.png';
  const ext = /\.[A-Za-z0-9]+$/.exec(file.filename)?.[0] ?? '';
  const name = `${crypto.randomUUID()}${ext}`;
  state.files.set(name, { bytes: file.bytes, mime: file.mime });
  return `/uploads/${name}`;
}

function unstore(state: FakeSpringState, profile: string): void {
  if (profile.startsWith('/uploads/')) state.files.delete(profile.slice('/uploads/'.length));
}

function apply(p: FakePet, json: Record<string, unknown>): void {
  // Omitted fields become null/0, as the legacy's setters copy the DTO as is.
  p.name = (json.name as string | undefined) ?? null;
  p.type = (json.type as string | undefined) ?? null;
  p.weight = Number(json.weight ?? 0);
  p.age = Number(json.age ?? 0);
  p.size = (json.size as string | undefined) ?? null;
  p.gender = (json.gender as string | undefined) ?? null;
  p.adopt = json.adopt === true || json.adopt === 'true';
}

/** PetController as legacy-contract §3.7 describes it, holes included. */
export const petsFake: FakeDomain = (app, state) => {
  state.pets = [];
  state.nextPetKey = 1;
  state.files ??= new Map();
  state.addPet = (pet) => {
    const full: FakePet = {
      id: state.nextPetKey++,
      name: '이름',
      type: '믹스',
      weight: 5,
      size: 'SMALL',
      age: 2,
      gender: 'FEMALE',
      adopt: false,
      profile: '/images/default-profile.png',
      ...pet,
    };
    state.pets.push(full);
    return full;
  };

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 20 * 1024 * 1024 } });

    scope.post('/api/pet/register', async (request, reply) => {
      if (!request.isMultipart()) return springError(request, reply, state, 415);
      const parts = await readParts(request);
      const user = currentUser(request, state);
      if (!user) return fail(reply, 401, '로그인이 필요합니다.');
      if (parts.pet === undefined || parts.profile === undefined) return springError(request, reply, state, 400);
      try {
        const json = strictPet(parts.pet);
        const pet = state.addPet({ owner: user, petId: String(json.petId ?? ''), profile: store(state, parts.profile) });
        apply(pet, json);
        return reply.send({ success: true, message: '반려견 등록이 완료되었습니다.' });
      } catch (err) {
        return fail(reply, 500, `등록 중 오류가 발생했습니다: ${(err as Error).message}`);
      }
    });

    scope.put<{ Params: { key: string } }>('/api/pet/edit/:key', async (request, reply) => {
      if (!request.isMultipart()) return springError(request, reply, state, 415);
      const parts = await readParts(request);
      const user = currentUser(request, state);
      if (!user) return fail(reply, 401, '로그인이 필요합니다.');
      if (parts.pet === undefined) return springError(request, reply, state, 400);
      const pet = state.pets.find((p) => String(p.id) === request.params.key);
      try {
        if (!pet || pet.owner !== user) throw new Error('not found or not owner');
        apply(pet, strictPet(parts.pet));
        if (parts.profile && parts.profile.bytes.length > 0) {
          unstore(state, pet.profile);
          pet.profile = store(state, parts.profile);
        }
        return reply.send({ success: true, message: '반려견 정보가 수정되었습니다.' });
      } catch {
        return fail(reply, 500, '반려견 정보 수정 중 오류가 발생했습니다.');
      }
    });
  });

  app.get('/api/pet/profile/pets', async (request, reply) => {
    const user = currentUser(request, state);
    if (!user) return springText(request, reply, 401, '로그인이 필요합니다.');
    return reply.send(state.pets.filter((p) => p.owner === user).map(dto));
  });

  // The hole: anyone may read any dog by its database key.
  app.get<{ Params: { key: string } }>('/api/pet/:key', async (request, reply) => {
    const pet = state.pets.find((p) => String(p.id) === request.params.key);
    if (!pet) return springError(request, reply, state, 500);
    return reply.send(dto(pet));
  });

  // By registration number, not the database key; the first match anywhere (registration numbers are not unique).
  app.delete<{ Params: { petId: string } }>('/api/pet/delete/:petId', async (request, reply) => {
    const user = currentUser(request, state);
    if (!user) return fail(reply, 401, '로그인이 필요합니다.');
    const pet = state.pets.find((p) => p.petId === request.params.petId);
    if (!pet) return fail(reply, 500, '반려견 정보 삭제 중 오류가 발생했습니다.');
    if (pet.owner !== user) return fail(reply, 400, '반려견 정보 삭제에 실패했습니다.');
    state.pets.splice(state.pets.indexOf(pet), 1);
    unstore(state, pet.profile);
    return reply.send({ success: true, message: '반려견 정보가 삭제되었습니다.' });
  });

  // Static uploads need an authenticated session (anonymous → 302 /login).
  if (!app.hasRoute({ method: 'GET', url: '/uploads/:file' })) {
    app.get<{ Params: { file: string } }>('/uploads/:file', async (request, reply) => {
      if (!currentUser(request, state)) return reply.code(302).header('location', `http://${request.host}/login`).send();
      const file = state.files.get(request.params.file);
      if (!file) return springError(request, reply, state, 404);
      return reply.type(file.mime).send(file.bytes);
    });
  }
};
