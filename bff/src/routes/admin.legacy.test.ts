import { describe, expect, it } from 'vitest';
import { StrayListSchema } from '@pawbridge/shared';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { expectEnvelope } from '../testing/expect-envelope';
import { legacyMember, uniqueId } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';
import { photo, reportForm, validReport } from './strays.suite';

// Legacy admin quirks the fake Spring models (legacy-contract §2.3, §3.3, §4.4, §12).
const stack = useBffOnFakeSpring();

/** An admin whose session a social login left: logged in, role ADMIN in the database, no `loginUser` snapshot. */
function socialAdmin() {
  const userId = uniqueId('socialadmin');
  stack.spring.state.addUser({ userId, role: 'ADMIN', email: `${userId}@example.com` });
  const client = createClient(stack.bff.url);
  client.cookies.set('JSESSIONID', stack.spring.state.createSocialSession(userId));
  return client;
}

describe('a social-login admin against the legacy', () => {
  it('sees the reports, and approving one (Spring: 401, no login snapshot) is 403 with the way out, never "log in again"', async () => {
    const form = stack.spring.state.addStrayForm({ status: 'LOST' });
    const admin = socialAdmin();
    expect((await admin.get('/api/users/check-session')).body).toMatchObject({ loggedIn: true, isAdmin: true });
    expect((await admin.get('/api/admin/abandoned-pets')).status).toBe(200);

    const res = await admin.post(`/api/admin/reports/${form.id}/register`);
    expectEnvelope(res, 403, 'FORBIDDEN');
    expect(res.body.error.reason).toBe('ADMIN_LOCAL_LOGIN_REQUIRED');
    expect(stack.spring.state.strayForms.find((f) => f.id === form.id)?.status).toBe('LOST');
    // Still logged in: the BFF did not take Spring's 401 for a dead session.
    expect((await admin.get('/api/users/check-session')).body).toMatchObject({ loggedIn: true });

    const local = legacyMember(stack.spring, stack.bff.url, { role: 'ADMIN' });
    expect((await local.client.post(`/api/admin/reports/${form.id}/register`)).status).toBe(200);
  });

  it('a Naver admin (principal is not the login id) gets the reduced session: a member, refused before anything is forwarded', async () => {
    const client = createClient(stack.bff.url);
    client.cookies.set('JSESSIONID', stack.spring.state.createSocialSession('{id=naver-1, email=admin@naver.example, name=관리자}'));
    expect((await client.get('/api/users/check-session')).body).toMatchObject({ loggedIn: true, isAdmin: false });
    stack.spring.state.requests.length = 0;
    expectEnvelope(await client.post('/api/admin/reports/1/register'), 403, 'FORBIDDEN');
    expect(stack.spring.state.calls('/api/admin/reports/1/register')).toHaveLength(0);
  });
});

describe('reported photos are stored by the legacy and served through the BFF', () => {
  it('the photo a member reports is the photo the admin sees', async () => {
    const member = legacyMember(stack.spring, stack.bff.url);
    const bytes = await photo(10, 200, 30);
    expect((await member.client.postForm('/api/abandoned/register', reportForm(validReport(), bytes))).status).toBe(201);

    const admin = legacyMember(stack.spring, stack.bff.url, { role: 'ADMIN' });
    const reports = StrayListSchema.parse((await admin.client.get('/api/admin/abandoned-pets')).body);
    const mine = reports.find((s) => stack.spring.state.strayForms.find((f) => f.id === s.id)?.userId === member.userId);
    expect(mine?.imageUrl).toMatch(/^\/uploads\/[0-9a-f-]+\.(jpg|jpeg|png|webp)$/);
    expect(stack.spring.state.files.get(mine?.imageUrl?.slice('/uploads/'.length) ?? '')?.bytes.equals(bytes)).toBe(true);
    const served = await fetch(`${stack.bff.url}${mine?.imageUrl}`, {
      headers: { cookie: `JSESSIONID=${admin.client.cookies.get('JSESSIONID')}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
    expect(
      Buffer.from(await served.arrayBuffer()).equals(
        stack.spring.state.files.get(mine?.imageUrl?.slice('/uploads/'.length) ?? '')?.bytes ?? Buffer.alloc(0),
      ),
    ).toBe(true);
  });
});
