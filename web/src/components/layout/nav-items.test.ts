import { describe, expect, it } from 'vitest';
import { adminUser, sessionUser } from '@/testing/render-app';
import { isActive, navItems, type NavItem } from './nav-items';

const paths = (items: { to: string }[]) => items.map((i) => i.to);
const item = (to: string): NavItem =>
  navItems(sessionUser())
    .concat(navItems(adminUser()))
    .find((i) => i.to === to)!;

describe('navItems', () => {
  it('gives visitors the four public entries, without my page or the dog list', () => {
    expect(paths(navItems(null))).toEqual(['/pet/register', '/abandoned/register', '/adopt', '/community']);
  });

  it('adds the dog list and my page for a logged-in member', () => {
    expect(paths(navItems(sessionUser()))).toEqual(['/pet/register', '/mypet', '/abandoned/register', '/adopt', '/community', '/mypage']);
  });

  it('gives admins the three admin screens (reports, applications, shelter sync) instead of my page and the dog list', () => {
    expect(paths(navItems(adminUser()))).toEqual([
      '/pet/register',
      '/abandoned/register',
      '/adopt',
      '/community',
      '/admin/abandoned-pets',
      '/admin/adopt-applications',
      '/admin/shelter-sync',
    ]);
  });

  it('adds the 실종·목격 board after 입양하기 only when the deployment has it (never on the legacy)', () => {
    expect(paths(navItems(null, { lostAndFound: true }))).toEqual([
      '/pet/register',
      '/abandoned/register',
      '/adopt',
      '/lost',
      '/community',
    ]);
    expect(paths(navItems(null, { lostAndFound: false }))).not.toContain('/lost');
    expect(paths(navItems(sessionUser(), {}))).not.toContain('/lost');
  });
});

describe('isActive', () => {
  it('matches the entry and its sub-paths only', () => {
    const community = item('/community');
    expect(isActive('/community', community)).toBe(true);
    expect(isActive('/community/12', community)).toBe(true);
    expect(isActive('/communityx', community)).toBe(false);
    expect(isActive('/', item('/adopt'))).toBe(false);
  });

  it('marks the dog list on its list, profile and edit screens, and registration on both register paths', () => {
    expect(isActive('/mypet', item('/mypet'))).toBe(true);
    expect(isActive('/pet/profile/7', item('/mypet'))).toBe(true);
    expect(isActive('/pet/edit/7', item('/mypet'))).toBe(true);
    expect(isActive('/mypet/register', item('/mypet'))).toBe(false);
    expect(isActive('/mypet/register', item('/pet/register'))).toBe(true);
  });
});
