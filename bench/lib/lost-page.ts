/**
 * A lost-and-found post for the bundle bench's `/lost/:lost` (issue 27): the demo data has none, so the
 * demo member posts one missing report (a photo, a reward) through the BFF, as the form does; the
 * first listed post is measured when there is one already.
 */
import sharp from 'sharp';

const yesterday = (): string => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

export async function firstLostId(baseUrl: string): Promise<string> {
  const listed = await fetch(`${baseUrl}/api/lost/posts?size=1`, { headers: { accept: 'application/json' } });
  const id = /"id"\s*:\s*(\d+)/.exec(await listed.text())?.[1];
  if (id) return id;
  const headers = { origin: baseUrl, accept: 'application/json' };
  const login = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 'demo', password: 'demo1234' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('JSESSIONID='))
    ?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`/lost/:lost: the demo login failed (${login.status})`);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 176, g: 120, b: 72 } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  const missing = {
    name: '모카',
    breed: '말티즈',
    colour: '흰색',
    features: '빨간 목줄',
    reward: 300000,
    contact: 'RELAY',
    lat: 37.5563,
    lng: 126.902,
    address: '망원시장 근처',
    sigungu: '마포구',
    date: yesterday(),
    time: '18:30',
  };
  form.append('missing', JSON.stringify(missing));
  form.append('photo1', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'dog.jpg');
  const made = await fetch(`${baseUrl}/api/lost/missing`, { method: 'POST', headers: { ...headers, cookie }, body: form });
  const body = (await made.json()) as { id?: number };
  if (made.status !== 201 || !body.id) throw new Error(`/lost/:lost: posting the report failed (${made.status})`);
  return String(body.id);
}
