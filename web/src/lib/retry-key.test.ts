import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { fileFingerprint, withRetryKey } from './retry-key';

afterEach(() => vi.unstubAllGlobals());

describe('withRetryKey', () => {
  it('reuses the key while the same submission is retried, and starts fresh after a success', async () => {
    const keys: string[] = [];
    const fail = (key: string) => {
      keys.push(key);
      return Promise.reject(new Error('timeout'));
    };
    const succeed = (key: string) => {
      keys.push(key);
      return Promise.resolve('ok');
    };
    await expect(withRetryKey('report:a', fail)).rejects.toThrow('timeout');
    await expect(withRetryKey('report:a', succeed)).resolves.toBe('ok');
    await withRetryKey('report:a', succeed);
    await withRetryKey('report:b', succeed);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set([keys[1], keys[2], keys[3]]).size).toBe(3);
  });

  it('tells files apart by name, size, date and type', () => {
    const a = new File(['abc'], 'dog.jpg', { type: 'image/jpeg', lastModified: 1 });
    expect(fileFingerprint(a)).toBe(fileFingerprint(new File(['xyz'], 'dog.jpg', { type: 'image/jpeg', lastModified: 1 })));
    expect(fileFingerprint(a)).not.toBe(fileFingerprint(new File(['abcd'], 'dog.jpg', { type: 'image/jpeg', lastModified: 1 })));
  });
});

describe('api headers', () => {
  it('sends extra headers such as Idempotency-Key', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api('/api/pet/register', { method: 'POST', headers: { 'idempotency-key': 'k123456789' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ 'idempotency-key': 'k123456789', accept: 'application/json' });
  });
});
