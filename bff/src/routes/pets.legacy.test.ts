import { beforeEach, describe, expect, it } from 'vitest';
import { springText } from '../testing/fake-spring/index';
import { createClient } from '../testing/test-bff';
import { expectEnvelope, petContractSuite, photo, photoForm, registerForm, validPet } from './pets.suite';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { legacyMember, type Member } from '../testing/fixtures';

// The BFF in front of the legacy wire (fake Spring): same canonical answers, legacy quirks absorbed.
const stack = useBffOnFakeSpring();
beforeEach(() => {
  stack.spring.state.overrides.clear();
  // Registration numbers are national ids: each test starts from an upstream where none is taken.
  stack.spring.state.pets.length = 0;
});

const member = (): Member => legacyMember(stack.spring, stack.bff.url, { name: '보호자' });

const writes = () => stack.spring.state.requests.filter((r) => r.method !== 'GET').length;

describe('pets through the BFF, upstream = legacy Spring', () => {
  petContractSuite({
    bffUrl: () => stack.bff.url,
    anonymous: () => createClient(stack.bff.url),
    member: async () => member().client,
    stored: async () => ({ rows: stack.spring.state.pets.length + writes(), files: stack.spring.state.files.size }),
  });

  it('never shows the hidden database key and deletes by registration number', async () => {
    const { client } = member();
    await client.postForm('/api/pet/register', registerForm(validPet({ petId: '55' }), await photo()));
    const list = await client.get('/api/pet/profile/pets');
    expect(Object.keys(list.body[0]).sort()).toEqual([
      'adopt',
      'age',
      'gender',
      'id',
      'imageUrl',
      'name',
      'petId',
      'size',
      'type',
      'weight',
    ]);
    expect(list.body[0].id).toBe('55');
    await client.delete('/api/pet/delete/55');
    // The first DELETE is the registration's probe for another owner's dog with that number (it deletes nothing).
    expect(stack.spring.state.calls('/api/pet/delete/55').map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
    expect(stack.spring.state.pets).toHaveLength(0);
  });

  it('edits on Spring by delete + re-register with the same number, carrying the photo over', async () => {
    const { client, userId } = member();
    const created = (await client.postForm('/api/pet/register', registerForm(validPet({ petId: '60' }), await photo()))).body;
    const bytes = (await client.get(created.imageUrl)).text;
    const res = await client.put('/api/pet/edit/60', {
      name: '초코',
      type: '푸들',
      weight: 6.1,
      age: 5,
      size: 'LARGE',
      gender: 'FEMALE',
      adopt: false,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: '60', weight: 6.1, size: 'LARGE' });
    expect((await client.get(res.body.imageUrl)).text).toBe(bytes);
    expect(stack.spring.state.pets.filter((p) => p.owner === userId)).toHaveLength(1);
  });

  it('puts the dog back when the re-registration fails', async () => {
    const { client, userId } = member();
    await client.postForm('/api/pet/register', registerForm(validPet({ petId: '61' }), await photo()));
    stack.spring.state.override('POST /api/pet/register', (_req, reply) => {
      stack.spring.state.overrides.delete('POST /api/pet/register');
      return reply.code(500).send({ success: false, message: '등록 중 오류가 발생했습니다: boom' });
    });
    const res = await client.put('/api/pet/edit/61', {
      name: '바뀜',
      type: '푸들',
      weight: 6.1,
      age: 5,
      size: 'LARGE',
      gender: 'FEMALE',
      adopt: false,
    });
    expectEnvelope(res, 502, 'UPSTREAM_UNAVAILABLE');
    expect(res.text).not.toContain('boom');
    const mine = stack.spring.state.pets.filter((p) => p.owner === userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ petId: '61', name: '초코', weight: 4.2 });
    expect(stack.spring.state.files.has(mine[0]!.profile.slice('/uploads/'.length))).toBe(true);
  });

  it("maps the legacy's 500 {success:false} on a not-owner edit to 404", async () => {
    const alice = member();
    const bob = member();
    const bobsDog = stack.spring.state.addPet({ owner: bob.userId, petId: '70' });
    // A Spring build whose list carries the key (as ours does), but the dog changed hands in between.
    stack.spring.state.override('GET /api/pet/profile/pets', (_req, reply) =>
      reply.send([
        {
          id: bobsDog.id,
          name: '남의 개',
          profile: null,
          adopt: false,
          type: '믹스',
          weight: 5,
          size: 'SMALL',
          age: 2,
          gender: 'FEMALE',
          petId: '70',
        },
      ]),
    );
    const res = await alice.client.put('/api/pet/edit/70', {
      name: '탈취',
      type: '믹스',
      weight: 5,
      age: 2,
      size: 'SMALL',
      gender: 'FEMALE',
      adopt: false,
    });
    expectEnvelope(res, 404, 'NOT_FOUND', '반려견을 찾을 수 없습니다.');
    expect(stack.spring.state.calls(`/api/pet/edit/${bobsDog.id}`)).toHaveLength(1);
    expect(bobsDog.name).toBe('이름');
  });

  it('refuses to register a number another owner already uses (issue 8 item 7): the delete probe deletes nothing', async () => {
    const alice = member();
    const bob = member();
    stack.spring.state.addPet({ owner: bob.userId, petId: '81', name: '보리' });
    const registers = stack.spring.state.calls('/api/pet/register').length;
    const res = await alice.client.postForm('/api/pet/register', registerForm(validPet({ petId: '81' }), await photo()));
    expectEnvelope(
      res,
      409,
      'REGISTRATION_NUMBER_SHARED',
      '다른 보호자의 반려견이 이미 이 등록번호를 쓰고 있습니다. 등록번호를 다시 확인해 주세요.',
    );
    expect(stack.spring.state.calls('/api/pet/register')).toHaveLength(registers);
    expect(stack.spring.state.pets.map((p) => [p.owner, p.name])).toEqual([[bob.userId, '보리']]);
    // A free number goes through: the probe's "not found" (500) is the all-clear.
    const ok = await alice.client.postForm('/api/pet/register', registerForm(validPet({ petId: '82' }), await photo()));
    expect(ok.status, ok.text).toBe(201);
  });

  it('a dog whose number another owner holds first (old legacy data) gets a clear 409, not a 404, and nothing is deleted (issue 8 item 7)', async () => {
    const alice = member();
    const bob = member();
    stack.spring.state.addPet({ owner: bob.userId, petId: '80', name: '보리' });
    stack.spring.state.addPet({ owner: alice.userId, petId: '80', name: '초코' });
    const message = '다른 보호자의 반려견이 같은 등록번호를 쓰고 있어 이 반려견을 수정하거나 삭제할 수 없습니다. 관리자에게 문의해 주세요.';
    expectEnvelope(await alice.client.delete('/api/pet/delete/80'), 409, 'REGISTRATION_NUMBER_SHARED', message);
    const edit = { name: '초코', type: '푸들', weight: 5, age: 2, size: 'SMALL', gender: 'FEMALE', adopt: false };
    expectEnvelope(await alice.client.put('/api/pet/edit/80', edit), 409, 'REGISTRATION_NUMBER_SHARED', message);
    expect(stack.spring.state.pets.filter((p) => p.petId === '80').map((p) => p.name)).toEqual(['보리', '초코']);
  });

  it('turns the 401 text and the 302 to /login into 401, and a 500 text into a masked 502', async () => {
    const { client } = member();
    stack.spring.state.override('GET /api/pet/profile/pets', (req, reply) => springText(req, reply, 401, '로그인이 필요합니다.'));
    expectEnvelope(await client.get('/api/pet/profile/pets'), 401, 'UNAUTHENTICATED');
    stack.spring.state.override('GET /api/pet/profile/pets', (req, reply) =>
      reply.code(302).header('location', `http://${req.host}/login`).send(),
    );
    expectEnvelope(await client.get('/api/pet/profile/pets'), 401, 'UNAUTHENTICATED');
    stack.spring.state.override('GET /api/pet/profile/pets', (req, reply) =>
      springText(req, reply, 500, '반려견 조회 중 오류가 발생했습니다.'),
    );
    const failed = await client.get('/api/pet/profile/pets');
    expectEnvelope(failed, 502, 'UPSTREAM_UNAVAILABLE');
  });

  it('turns a legacy registration failure into a masked 502 and the legacy default picture into no photo', async () => {
    const { client, userId } = member();
    stack.spring.state.override('POST /api/pet/register', (_req, reply) =>
      reply.code(500).send({ success: false, message: '등록 중 오류가 발생했습니다: SQL' }),
    );
    const res = await client.postForm('/api/pet/register', registerForm(validPet({ petId: '90' }), await photo()));
    expectEnvelope(res, 502, 'UPSTREAM_UNAVAILABLE');
    expect(res.text).not.toContain('SQL');
    stack.spring.state.overrides.clear();
    stack.spring.state.addPet({ owner: userId, petId: '91', profile: '/images/default-profile.png' });
    const list = await client.get('/api/pet/profile/pets');
    expect(list.body.find((p: { id: string }) => p.id === '91').imageUrl).toBeNull();
    // A dog without a photo gets one through the list's photo change.
    const up = await client.postForm('/api/pet/91/profile-image', photoForm(await photo('#abc')));
    expect(up.status, up.text).toBe(200);
    expect(up.body.imageUrl).toMatch(/^\/uploads\//);
  });

  it('documents the photo-change contract in /docs', async () => {
    const doc = (await createClient(stack.bff.url).get('/docs/json')).body as {
      paths: Record<string, Record<string, { summary?: string; description?: string }>>;
    };
    const route = doc.paths['/api/pet/{petId}/profile-image']?.post;
    expect(route?.summary).toBeTruthy();
    expect(route?.description).toContain('profileImage');
    expect(doc.paths['/api/pet/{petId}']?.get?.description).toContain('등록번호');
  });
});
