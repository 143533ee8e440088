import { describe, expect, it } from 'vitest';
import { apiStompRoutes, legacyStompRoutes, legacyTopicId, type StompRoutes } from './stomp-destinations';

// Issue 23 item 11: one topic name can be two members' — /topic/user/abandoned/adoption is the adoption
// topic of the member "abandoned" and the report topic of the member "adoption". Each body goes to its recipient only.
const body = (userId: string, notificationType: string) => ({
  id: null,
  userId,
  notificationType,
  message: 'x',
  createdAt: '2026-11-26T10:00:00',
  read: false,
});
const shared = '/topic/user/abandoned/adoption';

describe.each([
  ['our api', apiStompRoutes, 'COMMENT'],
  ['the legacy', legacyStompRoutes, 'ADOPTION_RESULT'],
] as [string, StompRoutes, string][])('%s: a shared topic name routes by recipient', (_name, routes, type) => {
  it('the member "abandoned" and the member "adoption" each accept only their own bodies on it', () => {
    const accepts = (userId: string, recipient: string) =>
      (routes(shared, { userId, isAdmin: false }) ?? []).some((r) => r.accepts(body(recipient, type)));
    expect(accepts('abandoned', 'abandoned')).toBe(true);
    expect(accepts('abandoned', 'adoption')).toBe(false);
    expect(accepts('adoption', 'adoption')).toBe(true);
    expect(accepts('adoption', 'abandoned')).toBe(false);
  });
});

describe('legacyTopicId', () => {
  it('turns every Ant pattern character into a one-character wildcard and leaves other ids alone', () => {
    expect(legacyTopicId('star*{x}?q')).toBe('star??x??q');
    expect(legacyTopicId('plain.member_1')).toBe('plain.member_1');
  });
});
