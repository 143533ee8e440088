import { describe, expect, it } from 'vitest';
import { adminUser, sessionUser } from '@/testing/render-app';
import { featureCards } from './feature-cards';

const paths = (user: Parameters<typeof featureCards>[0]) => featureCards(user).map((c) => c.to);

describe('featureCards', () => {
  it('visitors: adopt, community and the report card; no my page', () => {
    expect(paths(null)).toEqual(['/adopt', '/community', '/abandoned/register']);
  });

  it('members: adds my page before the report card', () => {
    expect(paths(sessionUser())).toEqual(['/adopt', '/community', '/mypage', '/abandoned/register']);
  });

  it('admins: the two admin screens instead of report and my page', () => {
    expect(paths(adminUser())).toEqual(['/adopt', '/community', '/admin/abandoned-pets', '/admin/adopt-applications']);
  });
});
