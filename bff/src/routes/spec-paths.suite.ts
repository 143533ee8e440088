import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DashboardAbandonedStatusSchema, DashboardDonationsSchema, DashboardReportsAdoptionsSchema } from '@pawbridge/shared';
import { expectEnvelope } from '../testing/expect-envelope';
import { createClient, type TestClient } from '../testing/test-bff';
import { sendRaw } from './hardening.suite';

/** One upstream behind the BFF, as issue 23 items 9 and 10 need it. */
export interface SpecPathsTarget {
  bffUrl(): string;
  app(): FastifyInstance;
  admin(): Promise<TestClient>;
  member(): Promise<TestClient>;
  /** Every call that reached the upstream so far, as `METHOD /path`. */
  upstreamCalls(): string[];
}

/** Spec §7's three dashboard calls and their shapes (legacy-contract §3.3, §8). */
export const DASHBOARD_SPEC_PATHS = [
  ['/api/admin/dashboard/reports-adoptions', DashboardReportsAdoptionsSchema],
  ['/api/admin/dashboard/donations', DashboardDonationsSchema],
  ['/api/admin/dashboard/abandoned-status', DashboardAbandonedStatusSchema],
] as const;

export function specPathsSuite(t: SpecPathsTarget): void {
  describe('issue 23 item 9: every spec §7 dashboard path answers on the BFF', () => {
    it('admins get each part in the spec’s shape; members 403; visitors 401; the merged dashboard stays', async () => {
      const admin = await t.admin();
      const member = await t.member();
      const merged = (await admin.get('/api/admin/dashboard')).body;
      for (const [path, schema] of DASHBOARD_SPEC_PATHS) {
        const res = await admin.get(path);
        expect(res.status, `${path}: ${res.text}`).toBe(200);
        const part = schema.parse(res.body);
        expect(Object.keys(res.body).sort()).toEqual(Object.keys(schema.shape).sort());
        // The same numbers as the merged answer's.
        if (path.endsWith('abandoned-status')) expect(part).toEqual(merged.abandoned);
        else expect(merged).toMatchObject(part);
        expectEnvelope(await member.get(path), 403, 'FORBIDDEN');
        expectEnvelope(await createClient(t.bffUrl()).get(path), 401, 'UNAUTHENTICATED');
      }
    });

    it('the OpenAPI document lists them', async () => {
      const doc = (await createClient(t.bffUrl()).get('/docs/json')).body;
      for (const [path] of DASHBOARD_SPEC_PATHS) expect(doc.paths?.[path]?.get, path).toBeDefined();
    });
  });

  describe('issue 23 item 12', () => {
    it('liking a post that does not exist is 404 NOT_FOUND, never 400', async () => {
      expectEnvelope(await (await t.member()).post('/api/community/like/987654/toggle'), 404, 'NOT_FOUND');
    });
  });

  describe('issue 23 item 10: a visitor hears 401 before any validation on every member-only and admin-only route', () => {
    it('the route table marks them all, and each answers 401 to a bad body, bad params and a wrong content type', async () => {
      const table = t.app().accessTable;
      // The routes that call requireUser/requireAdmin (a guard each), at least the ones the spec names.
      expect(table.length).toBeGreaterThanOrEqual(30);
      for (const must of [
        'POST /api/abandoned/donation/:impUid',
        'POST /api/adopt/apply/:petId',
        'POST /api/community/like/:postId/toggle',
      ]) {
        expect(table.map((r) => `${r.method} ${r.url}`)).toContain(must);
      }
      const before = t.upstreamCalls().length;
      const visitor = createClient(t.bffUrl());
      for (const route of table) {
        const url = route.url.replace(/:[A-Za-z]+/g, 'not-an-id');
        for (const [body, type] of [
          ['{"amount": "lots", "title": ', 'application/json'],
          ['amount=lots', 'application/x-www-form-urlencoded'],
          ['\u0000\u0001garbage', 'text/plain'],
        ] as const) {
          const res = route.method === 'GET' ? await visitor.get(url) : await sendRaw(visitor, t.bffUrl(), route.method, url, body, type);
          expect(res.status, `${route.method} ${route.url} (${type}): ${res.text}`).toBe(401);
          expect(res.body.error.code).toBe('UNAUTHENTICATED');
        }
      }
      // Nothing reached the upstream: no cookie, no session to ask about.
      expect(t.upstreamCalls().slice(before)).toEqual([]);
    });
  });
}
