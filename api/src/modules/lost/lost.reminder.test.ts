import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createMember, emlText, jpegWithExif, outboxMessages, petForm, petJson, send, type Member } from '../../testing/fixtures';
import { HERE, lostCalls, missingJson } from './lost.testing';

// The 7-day reminder (issue 27; docs/decisions/0041): once per open MISSING report of a registered dog,
// bell and e-mail, driven here with the sweep's own clock.

let api: TestApi;
let owner: Member;
let lost: ReturnType<typeof lostCalls>;
const DAY = 24 * 3600_000;
const later = (days: number) => new Date(Date.now() + days * DAY);
const reminders = () =>
  api.ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('recipientPk', '=', owner.pk)
    .where('notificationType', '=', 'LOST_REMINDER')
    .execute();
const idOf = (res: { json: unknown }) => (res.json as { id: number }).id;

beforeAll(async () => {
  api = await startTestApi();
  lost = lostCalls(api);
  owner = await createMember(api, 'remindowner', { nickname: '보리엄마' });
});
afterAll(() => api.close());

describe('the 7-day reminder to report a registered dog’s loss', () => {
  let fromPet: number;
  let typedNumber: number;
  let unregistered: number;
  let closed: number;

  beforeAll(async () => {
    const pet = await send(api, 'POST', '/api/pet/register', {
      cookie: owner.cookie,
      form: petForm(petJson({ petId: '410-2222-33333', name: '보리', type: '진돗개' }), await jpegWithExif()),
    });
    expect(pet.status).toBe(200);
    const photo = [await jpegWithExif()];
    fromPet = idOf(await lost.postMissing(owner, missingJson({ petId: '410-2222-33333', name: null, breed: null })));
    typedNumber = idOf(await lost.postMissing(owner, missingJson({ name: '콩이', registrationNo: '410-9999-00000' }), photo));
    unregistered = idOf(await lost.postMissing(owner, missingJson({ name: '두부' }), photo));
    closed = idOf(await lost.postMissing(owner, missingJson({ name: '모찌', registrationNo: '410-1234-56789' }), photo));
    const res = await call(api, 'POST', `/api/lost/posts/${closed}/close`, { cookie: owner.cookie, json: { status: 'CANCELLED' } });
    expect(res.status).toBe(200);
  });

  it('waits 7 days, then reminds each open registered report once (bell and e-mail), never the others', async () => {
    expect(await api.app.lostReminders.sweep(later(6.9))).toBe(0);
    expect(await reminders()).toHaveLength(0);

    expect(await api.app.lostReminders.sweep(later(7.01))).toBe(2);
    const bell = await reminders();
    expect(bell.map((n) => n.targetUrl).sort()).toEqual([`/lost/${fromPet}`, `/lost/${typedNumber}`].sort());
    expect(bell.every((n) => n.code === 'LOST_REPORT_REMINDER')).toBe(true);
    expect(bell.find((n) => n.targetUrl === `/lost/${fromPet}`)!.about).toMatchObject({ dogName: '보리', actor: null });
    expect(bell[0]!.message).toContain('10일 이내에 시·군·구청에 신고해야 해요');

    await expect.poll(() => outboxMessages(api, 'remindowner@example.com').length).toBe(2);
    const mail = emlText(outboxMessages(api, 'remindowner@example.com')[0]!);
    expect(mail).toContain('등록된 반려견은 잃어버린 날부터 10일 이내에 시·군·구청에 신고해야 해요');
    expect(mail).toContain('https://www.animal.go.kr');
    expect(mail).not.toContain(String(HERE.lat));

    // Later sweeps, several at once (as several api instances would), remind nobody again.
    const again = await Promise.all([api.app.lostReminders.sweep(later(8)), api.app.lostReminders.sweep(later(8))]);
    expect(again).toEqual([0, 0]);
    expect(await reminders()).toHaveLength(2);
    const stamped = await api.ctx.db
      .selectFrom('lostPosts')
      .select(['id', 'remindedAt'])
      .where('id', 'in', [fromPet, typedNumber, unregistered, closed])
      .orderBy('id')
      .execute();
    expect(stamped.map((r) => r.remindedAt !== null)).toEqual([true, true, false, false]);
  });

  it('claims each due report once when two sweeps race on the rows', async () => {
    const res = await lost.postMissing(owner, missingJson({ name: '별이', registrationNo: '410-5555-66666' }), [await jpegWithExif()]);
    const id = idOf(res);
    const counts = await Promise.all([1, 2, 3].map(() => api.app.lostReminders.sweep(later(7.5))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await reminders()).filter((n) => n.targetUrl === `/lost/${id}`)).toHaveLength(1);
  });
});
