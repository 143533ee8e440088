import { describe, expect, it } from 'vitest';
import { adminUser, sessionUser } from '@/testing/render-app';
import { isActive, navItems } from './nav-items';

const paths = (items: { to: string }[]) => items.map((i) => i.to);

describe('navItems', () => {
  it('gives visitors the four public entries, without my page', () => {
    expect(paths(navItems(null))).toEqual(['/pet/register', '/abandoned/register', '/adopt', '/community']);
  });

  it('adds my page for a logged-in member', () => {
    expect(paths(navItems(sessionUser()))).toEqual(['/pet/register', '/abandoned/register', '/adopt', '/community', '/mypage']);
  });

  it('hides my page from admins', () => {
    expect(paths(navItems(adminUser()))).not.toContain('/mypage');
  });
});

describe('isActive', () => {
  it('matches the entry and its sub-paths only', () => {
    expect(isActive('/community', '/community')).toBe(true);
    expect(isActive('/community/12', '/community')).toBe(true);
    expect(isActive('/communityx', '/community')).toBe(false);
    expect(isActive('/', '/adopt')).toBe(false);
  });
});
