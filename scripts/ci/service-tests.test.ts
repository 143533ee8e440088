import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, serviceTests } from './service-tests';

describe("CI's Postgres/Redis selection", () => {
  const chosen = serviceTests();

  it('takes the suites that start an api or a BFF (they read DATABASE_URL / REDIS_URL through the test service reader)', () => {
    for (const file of ['api/src/modules/pets/pets.test.ts', 'api/src/realtime/cross-instance.test.ts', 'bff/src/plugins/redis.test.ts']) {
      if (fs.existsSync(path.join(ROOT, file))) expect(chosen).toContain(file);
    }
    expect(chosen.length).toBeGreaterThan(40);
  });

  it('leaves out pure unit tests, which run the same whatever the environment says', () => {
    expect(chosen).not.toContain('bff/src/normalisers/pet.normaliser.test.ts');
    expect(chosen).not.toContain('server-kit/src/stomp-frames.test.ts');
    expect(chosen.every((f) => /^(api|bff|server-kit)\/src\/.+\.test\.tsx?$/.test(f))).toBe(true);
  });
});
