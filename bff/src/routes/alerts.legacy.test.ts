import { describe, expect, it } from 'vitest';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { legacyMember } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';

// In front of the legacy Spring service neighbourhood alerts and e-mail preferences are off: 501, hidden, nothing asked upstream.
const stack = useBffOnFakeSpring();
const upstreamCalls = () =>
  stack.spring.state.requests.filter((r) => /neighbourhood|email-preferences|unsubscribe|reach/.test(r.path)).length;

describe('neighbourhood alerts through the BFF, upstream = legacy Spring', () => {
  it('hides them (the lostAndFound flag the web reads is false)', async () => {
    expect((await createClient(stack.bff.url).get('/api/config')).body).toMatchObject({ lostAndFound: false });
  });

  it('answers 501 ALERTS_UNSUPPORTED to members and to an unsubscribe link, without calling the legacy', async () => {
    const visitor = createClient(stack.bff.url);
    const member = legacyMember(stack.spring, stack.bff.url).client;
    const setting = { lat: 37.55, lng: 126.9, radiusKm: 3, missing: true, found: true, strays: false, shelter: false, delivery: 'BELL' };
    const answers = [
      await member.get('/api/me/neighbourhood'),
      await member.put('/api/me/neighbourhood', setting),
      await member.delete('/api/me/neighbourhood'),
      await member.get('/api/lost/posts/1/reach'),
      await member.get('/api/me/email-preferences'),
      await member.put('/api/me/email-preferences', { kind: 'LOST_NOTICE', enabled: false }),
      await visitor.post('/api/unsubscribe', { token: 'TE9TVF9OT1RJQ0UuMS4x.c2lnbmF0dXJl' }),
    ];
    for (const res of answers)
      expect([res.status, res.body.error.code, res.body.error.reason]).toEqual([501, 'UPSTREAM_UNSUPPORTED', 'ALERTS_UNSUPPORTED']);
    expect((await visitor.get('/api/me/neighbourhood')).status).toBe(401);
    expect(upstreamCalls()).toBe(0);
  });
});
