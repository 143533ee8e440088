import { describe, expect, it } from 'vitest';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { legacyMember } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';

// In front of the legacy Spring service lost and found is off: 501 UPSTREAM_UNSUPPORTED, the flag false, nothing asked upstream.
const stack = useBffOnFakeSpring();
const lostCalls = () => stack.spring.state.requests.filter((r) => r.path.includes('/lost')).length;

describe('lost and found through the BFF, upstream = legacy Spring', () => {
  it('hides the board in /api/config', async () => {
    expect((await createClient(stack.bff.url).get('/api/config')).body).toMatchObject({ lostAndFound: false });
  });

  it('answers 501 LOST_UNSUPPORTED to visitors, members and admins, without calling the legacy', async () => {
    const visitor = createClient(stack.bff.url);
    const member = legacyMember(stack.spring, stack.bff.url).client;
    const admin = legacyMember(stack.spring, stack.bff.url, { role: 'ADMIN' }).client;
    const form = new FormData();
    form.append(
      'sighting',
      JSON.stringify({
        kind: 'SEEN',
        description: '봤어요',
        contact: 'RELAY',
        lat: 37.5,
        lng: 127,
        address: '서울',
        date: '2026-01-01',
        time: '10:00',
      }),
    );
    const answers = [
      await visitor.get('/api/lost/posts'),
      await visitor.get('/api/lost/map', { query: { south: '37', west: '126', north: '38', east: '128', zoom: '10' } }),
      await visitor.get('/api/lost/posts/1'),
      await visitor.get('/api/lost/stats'),
      await visitor.get('/api/lost/posts/1/flyer.pdf'),
      await visitor.get('/api/lost/posts/1/square.png'),
      await member.get('/api/lost/my-posts'),
      await member.post('/api/lost/posts/1/contact', { message: '안녕하세요' }),
      await member.post('/api/lost/posts/1/flags', { reason: 'SCAM' }),
      await member.post('/api/lost/posts/1/close', { status: 'REUNITED' }),
      await admin.get('/api/admin/lost/flags'),
      await admin.post('/api/admin/lost/posts/1/hide', { hidden: true }),
      // Matching (issue 28): the candidates and the owner's decisions.
      await member.get('/api/lost/posts/1/candidates'),
      await member.post('/api/lost/posts/1/candidates/2/dismiss', {}),
      await member.post('/api/lost/posts/1/candidates/2/confirm', {}),
      await admin.get('/api/lost/posts/1/candidates'),
      await visitor.get('/api/lost/posts/1/comments'),
      await member.post('/api/lost/posts/1/comments', { content: '봤어요' }),
      await member.delete('/api/lost/posts/1/comments/2'),
    ];
    for (const res of answers)
      expect([res.status, res.body.error.code, res.body.error.reason]).toEqual([501, 'UPSTREAM_UNSUPPORTED', 'LOST_UNSUPPORTED']);
    expect((await visitor.post('/api/lost/posts/1/contact', { message: '안녕하세요' })).status).toBe(401);
    expect((await visitor.post('/api/lost/posts/1/comments', { content: '봤어요' })).status).toBe(401);
    expect(lostCalls()).toBe(0);
  });
});
