import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** Lint `code` as if it were the file at `file` (relative to the repo root); the rule ids it breaks. */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

// `npm run lint` must fail on a wrong import in each tier (docs/decisions/0017-layering.md).
describe('layering rules', () => {
  it('web: features never import app/ or each other; components never import features; network only in lib/', async () => {
    expect(
      await broken('web/src/features/pets/x-probe.ts', "import { useSession } from '@/app/session';\nexport const a = useSession;\n"),
    ).toContain('no-restricted-imports');
    expect(
      await broken(
        'web/src/features/pets/x-probe.ts',
        "import { loadStrays } from '@/features/strays/api';\nexport const a = loadStrays;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await broken('web/src/components/x-probe.ts', "import { usePets } from '@/features/pets/api';\nexport const a = usePets;\n"),
    ).toContain('no-restricted-imports');
    expect(await broken('web/src/features/pets/x-probe.ts', "export const a = () => fetch('/api/pet');\n")).toContain(
      'no-restricted-globals',
    );
    expect(
      await broken('web/src/features/pets/x-probe.ts', "import { Client } from '@stomp/stompjs';\nexport const a = Client;\n"),
    ).toContain('no-restricted-imports');
    expect(await broken('web/src/features/pets/x-probe.ts', "import { api } from '@/lib/api-client';\nexport const a = api;\n")).toEqual(
      [],
    );
    expect(
      await broken(
        'web/src/lib/x-probe.ts',
        "import { notifyError } from '@/components/feedback/notify';\nexport const a = notifyError;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await broken('web/src/components/x-probe.ts', "import { routeObjects } from '@/app/router';\nexport const a = routeObjects;\n"),
    ).toContain('no-restricted-imports');
    expect(
      await broken('web/src/features/pets/x-probe.ts', "import { useSession } from '@/lib/session';\nexport const a = useSession;\n"),
    ).toEqual([]);
  });

  it('bff: normalisers stay pure, nothing imports routes, only upstream/ fetches, env only in config/', async () => {
    expect(
      await broken(
        'bff/src/normalisers/x-probe.ts',
        "import { upstreamClient } from '../upstream/client';\nexport const a = upstreamClient;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(await broken('bff/src/upstream/x-probe.ts', "import { routes } from '../routes/index';\nexport const a = routes;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await broken('bff/src/routes/x-probe.ts', "export const a = () => fetch('http://upstream');\n")).toContain(
      'no-restricted-globals',
    );
    expect(await broken('bff/src/routes/x-probe.ts', 'export const a = process.env.SECRET;\n')).toContain('no-restricted-properties');
  });

  it('api: shared code never reaches into a module; a module does not reach into another module’s repository', async () => {
    expect(
      await broken('api/src/lib/x-probe.ts', "import { findPet } from '../modules/pets/pets.repository';\nexport const a = findPet;\n"),
    ).toContain('no-restricted-imports');
    expect(
      await broken(
        'api/src/modules/adoption/x-probe.ts',
        "import { findPet } from '../pets/pets.repository';\nexport const a = findPet;\n",
      ),
    ).toContain('no-restricted-imports');
  });

  it('server-kit: the web and shared never import it; it imports no tier; the tiers use it by package name', async () => {
    for (const file of [
      'web/src/lib/x-probe.ts',
      'web/src/features/pets/x-probe.ts',
      'web/src/components/x-probe.ts',
      'web/src/app/x-probe.ts',
      'web/src/x-probe.ts',
      'shared/src/x-probe.ts',
    ]) {
      expect(await broken(file, "import { registerOps } from '@pawbridge/server-kit';\nexport const a = registerOps;\n")).toContain(
        'no-restricted-imports',
      );
    }
    expect(
      await broken(
        'web/src/lib/x-probe.ts',
        "import { maskEmails } from '@pawbridge/server-kit/log-redaction';\nexport const a = maskEmails;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await broken(
        'server-kit/src/x-probe.ts',
        "import { loadApiConfig } from '@pawbridge/api/testing';\nexport const a = loadApiConfig;\n",
      ),
    ).toContain('no-restricted-imports');
    expect(
      await broken('server-kit/src/x-probe.ts', "import { buildApp } from '../../bff/src/app';\nexport const a = buildApp;\n"),
    ).toContain('no-restricted-imports');
    expect(await broken('server-kit/src/x-probe.ts', 'export const a = process.env.SECRET;\n')).toContain('no-restricted-properties');
    expect(
      await broken(
        'server-kit/src/x-probe.ts',
        "import Fastify from 'fastify';\nimport { Registry } from 'prom-client';\nimport pino from 'pino';\nexport const a = [Fastify, Registry, pino];\n",
      ),
    ).toEqual([]);
    expect(
      await broken('bff/src/ops/x-probe.ts', "import { registerOps } from '@pawbridge/server-kit';\nexport const a = registerOps;\n"),
    ).toEqual([]);
    expect(
      await broken('api/src/ops/x-probe.ts', "import { registerOps } from '../../../server-kit/src/ops';\nexport const a = registerOps;\n"),
    ).toContain('no-restricted-imports');
  });

  it('no workspace imports another one’s src/ by path; file names follow the rule', async () => {
    expect(await broken('e2e/x-probe.ts', "import { seed } from '../api/src/scripts/seed-data';\nexport const a = seed;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await broken('bff/src/routes/BadName.ts', 'export const a = 1;\n')).toContain('pawbridge/file-names');
    expect(await broken('web/src/components/GoodName.tsx', 'export const a = 1;\n')).toEqual([]);
  });
});
