import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { StrayReportResultSchema } from '@pawbridge/shared';
import { startTestBff, type TestBff } from '../testing/test-bff';
import { apiMember } from '../testing/fixtures';
import { photo, reportForm, validReport } from './strays.suite';

/**
 * Issue 23 items 1 and 2 on the BFF (in front of our api): what the legacy front end sends — numbers as
 * JSON strings and bodiless POSTs typed as forms — is read as Spring would read it, not refused.
 */
let api: TestApi;
let bff: TestBff;
beforeAll(async () => {
  api = await startTestApi();
  bff = await startTestBff(api.url);
});
afterAll(async () => {
  await bff?.close();
  await api?.close();
});

const emptyFormPost = (path: string, cookies = new Map<string, string>()) =>
  fetch(bff.url + path, {
    method: 'POST',
    headers: {
      origin: new URL(bff.url).origin,
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookies.size > 0 ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
    },
    body: '',
  });

describe('the BFF reads the legacy front end’s inputs', () => {
  it('1. a stray report with the coordinates as JSON strings is filed (201) with those numbers', async () => {
    const { client } = await apiMember(api, bff.url);
    const res = await client.postForm(
      '/api/abandoned/register',
      reportForm(validReport({ latitude: '37.5547', longitude: '126.9706' }), await photo()),
    );
    expect(res.status, res.text).toBe(201);
    expect(StrayReportResultSchema.parse(res.body).ok).toBe(true);
    const row = await api.ctx.db
      .selectFrom('strayReports')
      .select(['latitude', 'longitude'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ latitude: 37.5547, longitude: 126.9706 });
    for (const latitude of ['', 'NaN', 'Infinity', '1e1', 'north'])
      expect((await client.postForm('/api/abandoned/register', reportForm(validReport({ latitude }), await photo()))).status).toBe(400);
  });

  it('2. send-email and the like toggle as empty form-typed POSTs are served, not 415', async () => {
    const sent = await emptyFormPost('/api/users/send-email?email=bff-form%40example.com');
    expect(sent.status, await sent.text()).toBe(200);

    const { client } = await apiMember(api, bff.url);
    const admin = await apiMember(api, bff.url, { role: 'ADMIN' });
    const form = new FormData();
    form.append('communityPost', JSON.stringify({ postType: 'TEMP_PROTECT', title: '임보처 구해요', strContent: '<p>급해요</p>' }));
    const created = await admin.client.postForm('/api/community/createPost', form);
    expect(created.status, created.text).toBeLessThan(300);
    const id = (created.body as { id: number }).id;
    const like = await emptyFormPost(`/api/community/like/${id}/toggle`, client.cookies);
    expect(like.status, await like.text()).toBe(200);
  });

  it('a body of a type nobody reads is still 415', async () => {
    const raw = await fetch(`${bff.url}/api/users/login`, {
      method: 'POST',
      headers: { origin: new URL(bff.url).origin, 'content-type': 'application/octet-stream' },
      body: 'x',
    });
    expect(raw.status).toBe(415);
  });
});
