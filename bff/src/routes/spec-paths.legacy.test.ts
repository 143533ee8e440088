import { describe, it } from 'vitest';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { expectEnvelope } from '../testing/expect-envelope';
import { legacyMember } from '../testing/fixtures';
import { DASHBOARD_SPEC_PATHS, specPathsSuite } from './spec-paths.suite';

// Issue 23 items 9 and 10 through the BFF in front of the Spring-shaped fake (UPSTREAM_KIND=legacy).
const stack = useBffOnFakeSpring();

describe('spec paths, upstream = legacy Spring', () => {
  specPathsSuite({
    bffUrl: () => stack.bff.url,
    app: () => stack.bff.app,
    admin: async () => legacyMember(stack.spring, stack.bff.url, { role: 'ADMIN' }).client,
    member: async () => legacyMember(stack.spring, stack.bff.url).client,
    upstreamCalls: () => stack.spring.state.requests.map((r) => `${r.method} ${r.path}`),
  });

  it('item 9: a part the legacy answers with garbage or fails is 502 with a code, never zeros', async () => {
    const admin = legacyMember(stack.spring, stack.bff.url, { role: 'ADMIN' }).client;
    const saved = { ...stack.spring.state.dashboard };
    try {
      stack.spring.state.dashboard.donations = '<html>oops</html>';
      expectEnvelope(await admin.get('/api/admin/dashboard/donations'), 502, 'UPSTREAM_BAD_RESPONSE');
      stack.spring.state.dashboard.abandonedStatus = { protecting: 1 };
      expectEnvelope(await admin.get('/api/admin/dashboard/abandoned-status'), 502, 'UPSTREAM_BAD_RESPONSE');
      stack.spring.state.override('GET /api/admin/dashboard/reports-adoptions', async (_req, reply) =>
        reply.code(500).send({ status: 500 }),
      );
      expectEnvelope(await admin.get(DASHBOARD_SPEC_PATHS[0][0]), 502, 'UPSTREAM_UNAVAILABLE');
    } finally {
      Object.assign(stack.spring.state.dashboard, saved);
      stack.spring.state.overrides.clear();
    }
  });
});
