import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorEnvelopeSchema, SessionSchema, StrayListSchema, type Stray } from '@pawbridge/shared';
import { fastSerializer, plainJsonSchema } from './serializer';

const stray: Stray = {
  id: 7,
  name: '유기견 #7',
  imageUrl: null,
  type: '믹스견',
  gender: 'FEMALE',
  location: '서울특별시',
  place: '서울특별시 마포구',
  description: '"따옴표"와 \\ 역슬래시, 줄\n바꿈',
  foundDate: '2026-11-01',
  foundTime: '09:00',
  latitude: 37.5,
  longitude: null,
  status: 'PROTECTING',
  reportStatus: 'APPROVED',
};

describe('fast response serialiser (our api upstream)', () => {
  it('writes what zod + JSON.stringify writes for the adopt list: same keys, same order, extra keys dropped', () => {
    const serialise = fastSerializer(StrayListSchema);
    expect(serialise).not.toBeNull();
    const withExtra = [
      { ...stray, userId: 'someone', secret: 1 },
      { ...stray, id: 8, gender: null, imageUrl: '/uploads/a.jpg' },
    ];
    const viaZod = JSON.stringify(StrayListSchema.parse(withExtra));
    expect(serialise?.(withExtra)).toBe(viaZod);
    expect(JSON.parse(serialise?.(withExtra) ?? '')).not.toHaveProperty('0.userId');
  });

  it('refuses an answer missing a required field (a 500, as zod did), never writes half an object', () => {
    const serialise = fastSerializer(StrayListSchema);
    const { name: _name, ...noName } = stray;
    expect(() => serialise?.([noName])).toThrow();
  });

  it('leaves unions of objects, transforms and non-zod schemas to zod', () => {
    expect(fastSerializer(z.object({ at: z.string().transform((s) => s.length) }))).toBeNull();
    expect(fastSerializer(z.object({ a: z.union([z.object({ x: z.string() }), z.object({ y: z.number() })]) }))).toBeNull();
    expect(fastSerializer(z.union([z.object({ x: z.string() }), z.object({ y: z.number() })]))).toBeNull();
    expect(fastSerializer({ type: 'object' })).toBeNull();
  });

  it('writes the session (a union told apart by loggedIn) branch by branch, as zod does', () => {
    const serialise = fastSerializer(SessionSchema);
    expect(serialise).not.toBeNull();
    const member = {
      loggedIn: true,
      userId: 'demo',
      username: 'demo',
      name: null,
      nickname: null,
      displayName: '데모',
      email: 'demo@example.com',
      role: 'USER',
      isAdmin: false,
      provider: null,
      socialId: null,
      isSocialLogin: false,
      birth: null,
      phoneNm: null,
      firstLogin: null,
      extra: 'dropped',
    };
    for (const session of [member, { loggedIn: false }, { loggedIn: false, userId: 'dropped' }])
      expect(serialise?.(session)).toBe(JSON.stringify(SessionSchema.parse(session)));
    expect(() => serialise?.({ loggedIn: 'maybe' })).toThrow();
  });

  it('writes a union of scalars as zod does', () => {
    const schema = z.object({ a: z.union([z.string(), z.number()]) });
    const serialise = fastSerializer(schema);
    for (const v of [{ a: 'x' }, { a: 3 }]) expect(serialise?.(v)).toBe(JSON.stringify(schema.parse(v)));
  });

  it('writes the error envelope as zod does', () => {
    const serialise = fastSerializer(ErrorEnvelopeSchema);
    const envelope = { error: { code: 'NOT_FOUND', message: '찾을 수 없어요.', requestId: 'r-1' } };
    expect(serialise?.(envelope)).toBe(JSON.stringify(ErrorEnvelopeSchema.parse(envelope)));
  });

  it('turns zod nullable scalars into type lists and keeps a property named like a keyword', () => {
    expect(plainJsonSchema({ anyOf: [{ type: 'string', enum: ['A'] }, { type: 'null' }] })).toEqual({
      type: ['string', 'null'],
      enum: ['A'],
    });
    expect(plainJsonSchema({ type: 'object', properties: { not: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { not: { type: 'string' } },
    });
    expect(plainJsonSchema({ anyOf: [{ type: 'object' }, { type: 'null' }] })).toBeNull();
  });
});
