import { describe, expect, it } from 'vitest';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { legacyMember } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';

// In front of the legacy Spring service favourites are off (issue 28): 501 FAVOURITES_UNSUPPORTED, the flag false,
// nothing asked upstream.
const stack = useBffOnFakeSpring();
const favouriteCalls = () => stack.spring.state.requests.filter((r) => /favourites|saved-searches/.test(r.path)).length;

describe('favourites through the BFF, upstream = legacy Spring', () => {
  it('hides them in /api/config', async () => {
    expect((await createClient(stack.bff.url).get('/api/config')).body).toMatchObject({ favourites: false });
  });

  it('answers 501 FAVOURITES_UNSUPPORTED to members without calling the legacy; visitors 401', async () => {
    const visitor = createClient(stack.bff.url);
    const member = legacyMember(stack.spring, stack.bff.url).client;
    const answers = [
      await member.get('/api/favourites'),
      await member.get('/api/favourites/keys'),
      await member.put('/api/favourites/strays/1'),
      await member.delete('/api/favourites/strays/1'),
      await member.put('/api/favourites/shelter/411100202600101'),
      await member.delete('/api/favourites/shelter/411100202600101'),
      await member.get('/api/saved-searches'),
      await member.post('/api/saved-searches', { region: '서울특별시' }),
      await member.delete('/api/saved-searches/1'),
    ];
    for (const res of answers)
      expect([res.status, res.body.error.code, res.body.error.reason]).toEqual([501, 'UPSTREAM_UNSUPPORTED', 'FAVOURITES_UNSUPPORTED']);
    expect((await visitor.put('/api/favourites/strays/1')).status).toBe(401);
    expect((await visitor.get('/api/saved-searches')).status).toBe(401);
    expect(favouriteCalls()).toBe(0);
  });
});
