import fs from 'node:fs';
import { afterAll, beforeAll, describe } from 'vitest';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import { petContractSuite } from './pets.suite';

// The BFF in front of our own api.
let api: TestApi;
let bff: TestBff;
let seq = 0;

beforeAll(async () => {
  api = await startTestApi();
  bff = await startTestBff(api.url);
});
afterAll(async () => {
  await bff.close();
  await api.close();
});

describe('pets through the BFF, upstream = our api', () => {
  petContractSuite({
    bffUrl: () => bff.url,
    anonymous: () => createClient(bff.url),
    async member() {
      seq += 1;
      const userId = `owner${seq}${Date.now().toString(36)}`;
      const row = await api.ctx.db
        .insertInto('users')
        .values({
          userId,
          name: `보호자${seq}`,
          email: `${userId}@example.com`,
          passwordHash: null,
          birth: null,
          phoneNm: null,
          role: 'USER',
          provider: null,
          socialId: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const client = createClient(bff.url);
      client.cookies.set('JSESSIONID', await api.ctx.sessions.create(row.id));
      return client;
    },
    async stored() {
      const rows = await api.ctx.db
        .selectFrom('pets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const dir = api.config.uploadDir;
      return { rows: Number(rows.n), files: fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.startsWith('.')).length : 0 };
    },
  });
});
