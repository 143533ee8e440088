import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, resetTestApp } from './render-app';
import { takeUnmockedCalls } from './unmocked-calls';

afterEach(() => resetTestApp());

describe('mockApi', () => {
  it('records a call no route answers (vitest.setup.ts then fails the test), still answering it with a 404 envelope', async () => {
    mockApi({ 'GET /api/users/check-session': { body: { loggedIn: false } } });
    await fetch('http://localhost/api/users/check-session');
    const res = await fetch('http://localhost/api/config?x=1');
    expect(res.status).toBe(404);
    // Read here, so this test itself does not fail in the shared afterEach.
    expect(takeUnmockedCalls()).toEqual(['GET /api/config?x=1']);
    expect(takeUnmockedCalls()).toEqual([]);
  });
});
