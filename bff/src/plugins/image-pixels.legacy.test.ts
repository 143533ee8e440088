import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGES } from '@pawbridge/shared';
import { createClient } from '../testing/test-bff';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { registerForm, validPet } from '../routes/pets.suite';
import { reportForm, validReport } from '../routes/strays.suite';

const stack = useBffOnFakeSpring();

/** A ~31 KB PNG whose header declares 16000×16000 (1-bit grey, all rows zero): a decompression bomb. */
function pngBomb(width = 16000, height = 16000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('photos declaring too many pixels', () => {
  it('are refused with 413 IMAGE_TOO_LARGE on every upload route, before the upstream sees them', async () => {
    const bomb = pngBomb();
    const user = stack.spring.state.addUser({
      userId: 'bomber1',
      password: 'secret123',
      name: '김민지',
      email: 'bomber1@example.com',
      role: 'USER',
    });
    const client = createClient(stack.bff.url);
    client.cookies.set('JSESSIONID', stack.spring.state.createSession(user.userId));
    const before = stack.spring.state.requests.length;
    for (const [path, form] of [
      ['/api/pet/register', registerForm(validPet(), bomb, 'bomb.png')],
      ['/api/abandoned/register', reportForm(validReport(), bomb)],
    ] as const) {
      const res = await client.postForm(path, form);
      expect(res.status, path).toBe(413);
      expect(res.body.error, path).toMatchObject({ code: 'IMAGE_TOO_LARGE', message: DEFAULT_ERROR_MESSAGES.IMAGE_TOO_LARGE });
    }
    expect(stack.spring.state.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
  });
});
