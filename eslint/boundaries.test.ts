import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { RULES } from './boundary-cases';

// The self-test of eslint/boundaries.js (docs/decisions/0017 and 0027): every written rule, tried with each
// forbidden pair in every spelling that reaches the same file — the web's alias (`@/…`), a relative path
// (`../…`), a package name (`@pawbridge/…`, `fastify`) — and, for network globals, `fetch`, `window.fetch`,
// `globalThis.fetch`, `self.fetch`; plus one allowed pair per rule, so a rule that forbids everything fails too.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

/** Lint `code` as if it were the file at `file` (relative to the repo root); the rule ids it breaks. */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const isRepoFile = (target: string) => /\.(ts|tsx)$/.test(target);

const PACKAGES: Record<string, string> = { shared: '@pawbridge/shared', 'server-kit': '@pawbridge/server-kit' };
const apiExports = Object.entries(
  JSON.parse(fs.readFileSync(path.join(root, 'api/package.json'), 'utf8')).exports as Record<string, string>,
).map(([sub, file]) => [path.join('api', file), `@pawbridge/api${sub.slice(1)}`] as const);

/**
 * Every specifier that resolves from `importer` to `target`: a repo file by relative path, by the web's
 * alias when both are in web/src, by package name when its workspace exports it; an npm package by name;
 * a Node built-in with and without `node:`.
 */
function spellings(importer: string, target: string): string[] {
  if (target.startsWith('node:')) return [target, target.slice('node:'.length)];
  if (!isRepoFile(target)) return [target];
  const bare = target.replace(/\.(ts|tsx)$/, '').replace(/\/index$/, '');
  let relative = path.relative(path.dirname(importer), bare);
  if (!relative.startsWith('.')) relative = `./${relative}`;
  const out = [relative];
  if (importer.startsWith('web/src/') && target.startsWith('web/src/')) out.push(`@/${bare.slice('web/src/'.length)}`);
  const [workspace, src, ...rest] = bare.split('/');
  const pkg = PACKAGES[workspace ?? ''];
  if (pkg && src === 'src') out.push(rest.length === 0 || bare === `${workspace}/src` ? pkg : `${pkg}/${rest.join('/')}`);
  for (const [file, name] of apiExports) if (file === target) out.push(name);
  return out;
}

const importOf = (specifier: string) => `import * as probe from '${specifier}';\nexport const a = probe;\n`;

describe('import rules: each forbidden pair fails in every spelling, the allowed one passes', () => {
  // The first lint starts the resolver and reads the workspaces' tsconfigs: allow it time on a loaded machine.
  it.each(RULES)('$rule', { timeout: 60_000 }, async ({ forbidden, allowed, ruleId = 'import-x/no-restricted-paths', relativeOnly }) => {
    for (const [, target] of [...forbidden, allowed]) {
      if (isRepoFile(target)) expect(fs.existsSync(path.join(root, target)), `${target} exists`).toBe(true);
    }
    for (const [importer, target] of forbidden) {
      const specifiers = spellings(importer, target).filter((s) => !relativeOnly || s.startsWith('.'));
      expect(specifiers.length).toBeGreaterThan(0);
      for (const specifier of specifiers) {
        expect(await broken(importer, importOf(specifier)), `${importer} ← '${specifier}'`).toContain(ruleId);
      }
    }
    const [importer, target] = allowed;
    // Across workspaces only the package name is allowed (the relative spelling is the no-relative-packages rule).
    const sameWorkspace = importer.split('/')[0] === target.split('/')[0];
    const specifiers = spellings(importer, target).filter((s) => sameWorkspace || !s.startsWith('.'));
    expect(specifiers.length).toBeGreaterThan(0);
    for (const specifier of specifiers) {
      expect(await broken(importer, importOf(specifier)), `${importer} ← '${specifier}'`).toEqual([]);
    }
  });

  it('every form of import is checked: re-exports, dynamic import(), type-only and bare imports', async () => {
    const file = 'web/src/features/strays/x-probe.ts';
    for (const code of [
      "export * from '../pets/api';\n",
      "export { usePets } from '@/features/pets/api';\n",
      "export const a = () => import('../pets/api');\n",
      "import type { Pet } from '@/features/pets/api';\nexport type A = Pet;\n",
      "import '../pets/api';\n",
    ]) {
      expect(await broken(file, code), code).toContain('import-x/no-restricted-paths');
    }
  });

  it('the spellings tried are real: alias, relative and package names each occur', () => {
    expect(spellings('web/src/features/pets/x.ts', 'web/src/app/router.tsx')).toEqual(['../../app/router', '@/app/router']);
    expect(spellings('web/src/lib/x.ts', 'server-kit/src/index.ts')).toEqual(['../../../server-kit/src', '@pawbridge/server-kit']);
    expect(spellings('bff/src/routes/x.ts', 'api/src/testing/test-api.ts')).toEqual([
      '../../../api/src/testing/test-api',
      '@pawbridge/api/testing',
    ]);
    expect(spellings('shared/src/x.ts', 'node:crypto')).toEqual(['node:crypto', 'crypto']);
  });
});

interface GlobalRule {
  rule: string;
  forbidden: string[];
  allowed: string;
}

const NETWORK = [
  "export const a = () => fetch('/x');\n",
  "export const a = () => window.fetch('/x');\n",
  "export const a = () => globalThis.fetch('/x');\n",
  "export const a = () => self.fetch('/x');\n",
  'export const a = () => globalThis.fetch;\n',
  'const { fetch: f } = globalThis;\nexport const a = f;\n',
  "export const a = () => new WebSocket('ws://x');\n",
  "export const a = () => new window.WebSocket('ws://x');\n",
  "export const a = () => new globalThis.WebSocket('ws://x');\n",
  "export const a = () => new EventSource('/x');\n",
  "export const a = () => new globalThis.EventSource('/x');\n",
  'export const a = () => new XMLHttpRequest();\n',
  'export const a = () => new window.XMLHttpRequest();\n',
];

const GLOBALS: GlobalRule[] = [
  {
    rule: 'web: network access in web/src/lib only',
    forbidden: ['web/src/features/pets/x-probe.ts', 'web/src/components/x-probe.tsx', 'web/src/app/x-probe.ts', 'web/src/x-probe.ts'],
    allowed: 'web/src/lib/x-probe.ts',
  },
  {
    rule: 'bff: network access in bff/src/upstream only (and never in shared/ or server-kit)',
    forbidden: [
      'bff/src/routes/x-probe.ts',
      'bff/src/plugins/x-probe.ts',
      'bff/src/realtime/x-probe.ts',
      'bff/src/normalisers/x-probe.ts',
      'bff/src/config/x-probe.ts',
      'bff/src/x-probe.ts',
      'shared/src/x-probe.ts',
      'server-kit/src/x-probe.ts',
    ],
    allowed: 'bff/src/upstream/x-probe.ts',
  },
];

describe('network globals: every spelling fails outside their home, passes inside', () => {
  it.each(GLOBALS)('$rule', { timeout: 60_000 }, async ({ forbidden, allowed }) => {
    for (const file of forbidden) {
      for (const code of NETWORK) {
        const rules = await broken(file, code);
        expect(
          rules.some((r) => r === 'no-restricted-globals' || r === 'no-restricted-properties'),
          `${file}: ${code}`,
        ).toBe(true);
      }
    }
    for (const code of NETWORK) expect(await broken(allowed, code), `${allowed}: ${code}`).toEqual([]);
  });

  it('tests may fetch', async () => {
    expect(await broken('bff/src/routes/x-probe.test.ts', NETWORK[0]!)).toEqual([]);
    expect(await broken('web/src/features/pets/x-probe.test.ts', NETWORK[2]!)).toEqual([]);
  });
});

describe('the environment is read in config/ (and test helpers) only', () => {
  it.each([
    'bff/src/routes/x-probe.ts',
    'bff/src/upstream/x-probe.ts',
    'api/src/lib/x-probe.ts',
    'api/src/modules/pets/x-probe.ts',
    'server-kit/src/x-probe.ts',
    'shared/src/x-probe.ts',
    'web/src/lib/x-probe.ts',
  ])('%s may not read process.env', async (file) => {
    expect(await broken(file, 'export const a = process.env.SECRET;\n')).toContain('no-restricted-properties');
    expect(await broken(file, 'const { env } = process;\nexport const a = env;\n')).toContain('no-restricted-properties');
  });

  it.each(['bff/src/config/x-probe.ts', 'api/src/config/x-probe.ts', 'api/src/testing/x-probe.ts', 'bff/src/testing/x-probe.ts'])(
    '%s may',
    async (file) => {
      expect(await broken(file, 'export const a = process.env.SECRET;\n')).toEqual([]);
    },
  );
});

describe('production code has no import cycles', () => {
  // api/src/lib/idempotency.ts imports ./errors: errors.ts importing it back closes a cycle.
  it('a file importing one of its importers fails; importing a file that does not import it passes', async () => {
    expect(await broken('api/src/lib/errors.ts', importOf('./idempotency'))).toContain('import-x/no-cycle');
    expect(await broken('web/src/lib/notify.ts', importOf('./use-admin-gate'))).toContain('import-x/no-cycle');
    expect(await broken('api/src/lib/errors.ts', importOf('./log-transport'))).toEqual([]);
  });

  it('type-only imports close no cycle (they vanish at run time); test files are not checked', async () => {
    expect(await broken('api/src/lib/errors.ts', "import type { Tx } from './idempotency';\nexport type A = Tx;\n")).toEqual([]);
    // testing/ops-api.ts imports ./pglite-template: a cycle among test helpers is theirs to keep.
    expect(await broken('api/src/testing/pglite-template.ts', importOf('./ops-api'))).toEqual([]);
  });
});

describe('file names', () => {
  it('kebab-case .ts, PascalCase or kebab-case .tsx', async () => {
    expect(await broken('bff/src/routes/BadName.ts', 'export const a = 1;\n')).toContain('pawbridge/file-names');
    expect(await broken('web/src/components/GoodName.tsx', 'export const a = 1;\n')).toEqual([]);
  });
});
