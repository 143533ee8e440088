// The layering of docs/decisions/0017-layering.md and 0027-layering-by-resolved-paths.md as lint rules.
//
// Every import rule is written on RESOLVED files: eslint-plugin-import-x resolves each import with
// eslint-import-resolver-typescript (the web's `@/` alias, relative paths, workspace package names
// `@pawbridge/*` and their subpath exports, npm packages) and `import-x/no-restricted-paths` then asks
// "does a file in zone A import a file in zone B?". So `@/features/x`, `../features/x` and
// `../../web/src/features/x` are one and the same import, and a rule cannot be dodged by respelling it.
// Node built-ins (which resolve to no file) are held by `import-x/no-nodejs-modules`; globals and their
// member spellings (`fetch`, `window.fetch`, `globalThis.fetch`, `self.fetch`) by `no-restricted-globals`
// and `no-restricted-properties`; cycles by `import-x/no-cycle`. `npm run lint` fails on any of them and
// eslint/boundaries.test.ts tries each forbidden pair in every spelling.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const abs = (glob) => path.join(ROOT, glob);
const dirs = (dir) =>
  fs.existsSync(path.join(ROOT, dir))
    ? fs
        .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/** Test-only code: production code never imports it, and most rules below do not bind it. */
const TESTS = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/testing/**',
  '**/*.suite.ts',
  '**/*.test-kit.ts',
  '**/*.test-helpers.ts',
  '**/*.testing.{ts,tsx}',
  '**/vitest.setup.ts',
  'bff/src/fuzz/**',
];
const TIERS = ['api', 'bff', 'web', 'shared', 'server-kit'];
/** Production source: what ships. */
const PRODUCTION = TIERS.map((t) => `${t}/src/**/*.{ts,tsx}`);
const features = dirs('web/src/features');
const modules = dirs('api/src/modules');
// A package resolves to its own files or, for types, to its @types package: both are that package.
const npm = (...names) => names.flatMap((n) => [`**/node_modules/${n}/**`, `**/node_modules/@types/${n}/**`]);
const SERVER_PACKAGES = [
  ...npm('fastify', 'fastify-*', '@fastify/*', 'pino', 'pino-*', 'ioredis', 'ws', 'socket.io'),
  '**/node_modules/{,@types/}react-dom/server*',
  '**/node_modules/{,@types/}react-dom/server*/**',
];
// The files the api package exports (package.json "exports"): the only api files another tier's tests reach.
const apiExports = (() => {
  const exported = JSON.parse(fs.readFileSync(path.join(ROOT, 'api/package.json'), 'utf8')).exports ?? {};
  // An extglob around the file name makes each a glob, as no-restricted-paths wants of exceptions.
  return Object.values(exported).map((f) => abs(path.join('api', path.dirname(f), `@(${path.basename(f)})`)));
})();

/**
 * The layering, one zone a rule: files matching `target` may not import files matching `from`
 * (both globs from the repo root, matched on resolved paths). `tests: true` binds test files too;
 * otherwise the zone binds production code only.
 */
const ZONES = [
  // ── web: app → features → components / lib / messages ──
  {
    target: ['web/src/{features,components,lib,messages,config,testing}/**'],
    from: ['web/src/app/**'],
    message: 'Nothing imports upward into app/: move what is shared into lib/ or components/.',
    tests: true,
  },
  ...features.map((f) => ({
    target: [`web/src/features/${f}/**`],
    from: features.filter((o) => o !== f).map((o) => `web/src/features/${o}/**`),
    message: 'Features never import each other: share through components/ or lib/.',
    tests: true,
  })),
  {
    target: ['web/src/{components,messages,config,testing}/**'],
    from: ['web/src/features/**'],
    message: 'components/, messages/, config/ and testing/ never import a feature.',
    tests: true,
  },
  {
    target: ['web/src/lib/**'],
    from: ['web/src/{features,components}/**'],
    message: 'lib/ is the bottom layer: it imports no feature or component.',
    tests: true,
  },
  {
    target: ['web/src/{app,features,components,messages,config,testing}/**', 'web/src/*.{ts,tsx}'],
    from: npm('socket.io-client', '@stomp/stompjs', 'sockjs-client', 'axios'),
    message: 'Realtime and HTTP clients live in web/src/lib only.',
    tests: true,
  },
  // ── server-kit is the servers' operations code (0021): never in the browser bundle or the contract ──
  {
    target: ['web/**', 'shared/**'],
    from: ['server-kit/**'],
    message: 'server-kit is server code: the web (and shared/, which the web imports) never imports it.',
    tests: true,
  },
  {
    target: ['server-kit/**'],
    from: ['{api,bff,web}/**'],
    message: 'server-kit sits below both tiers: it imports no tier; the tiers pass their parts in (OpsOptions).',
    tests: true,
  },
  // ── shared: the browser-safe contract ──
  {
    target: ['shared/**'],
    from: ['{api,bff,web}/**', ...SERVER_PACKAGES],
    message: 'shared/ is the browser-safe contract: no tier, no Fastify or other server package.',
    tests: true,
  },
  // ── tiers: each imports another only by what that package exports ──
  {
    target: ['api/**'],
    from: ['{bff,web}/**'],
    message: 'The api imports neither the BFF nor the web.',
    tests: true,
  },
  {
    target: ['web/**'],
    from: ['{api,bff}/**'],
    message: 'The web imports no server tier: it talks to the BFF over HTTP.',
    tests: true,
  },
  {
    target: ['bff/**'],
    from: ['web/**'],
    message: 'The BFF imports nothing from the web.',
    tests: true,
  },
  {
    target: ['bff/src/**'],
    from: ['api/**'],
    message: "BFF production code never imports the api: it is an upstream reached over HTTP ('@pawbridge/api/testing' is for tests).",
  },
  {
    // Tests may start a real api, through what the api package exports only.
    target: TESTS.map((t) => (t.startsWith('**') ? `bff/src/${t}` : t)),
    from: ['api/**'],
    except: apiExports,
    message: "Tests reach the api through what @pawbridge/api exports only ('@pawbridge/api/testing', …).",
    tests: true,
  },
  // ── test-only code never ships ──
  {
    target: PRODUCTION,
    from: TESTS,
    message: 'Production code never imports test-only code (testing/, *.test.ts, *.suite.ts, *.test-kit.ts, *.testing.tsx).',
  },
  // ── bff: routes → services / gateways → upstream; normalisers pure ──
  {
    target: ['bff/src/normalisers/**'],
    from: ['bff/src/!(normalisers|errors)/**', 'bff/src/*.ts', ...SERVER_PACKAGES],
    message: 'Normalisers are pure functions, data in, contract out: no Fastify, upstream, routes, plugins, config or app.',
  },
  {
    // app.ts is the composition root: the one file that mounts the routes.
    target: ['bff/src/!(routes)/**', 'bff/src/!(app).ts'],
    from: ['bff/src/routes/**'],
    message: 'Nothing imports routes/ (the outermost layer) but the composition root, bff/src/app.ts.',
  },
  {
    target: ['bff/src/upstream/**'],
    from: ['bff/src/plugins/**'],
    message: 'upstream/ sits below the plugins: a gateway takes the caller, it does not import the session plugin.',
  },
  // ── api: lib/db/integrations/config below the modules; module internals private ──
  {
    // db/schema.ts composes the modules' table types into the database type: the one allowed reach.
    target: ['api/src/{lib,integrations,config}/**', 'api/src/db/!(schema).ts', 'api/src/db/*/**'],
    from: ['api/src/modules/**'],
    message: 'Shared api code (lib/, db/, integrations/, config/) never depends on a domain module.',
  },
  ...modules.map((m) => ({
    target: [`api/src/modules/${m}/**`],
    from: modules.filter((o) => o !== m).map((o) => `api/src/modules/${o}/**/*.{repository,tables,routes}.ts`),
    message: "A module's repository, tables and routes are private: use the other module's service.",
  })),
];

const zoneRule = (zones) => [
  'error',
  {
    basePath: ROOT,
    zones: zones.map(({ target, from, except, message }) => ({ target, from, ...(except ? { except } : {}), message })),
  },
];

const NETWORK = ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest'];
const NETWORK_HOME = 'Network access lives in web/src/lib (browser) and bff/src/upstream (BFF) only.';
const networkGlobals = ['error', ...NETWORK.map((name) => ({ name, message: NETWORK_HOME }))];
const networkProperties = ['window', 'globalThis', 'self'].flatMap((object) =>
  NETWORK.map((property) => ({ object, property, message: NETWORK_HOME })),
);
const envProperty = { object: 'process', property: 'env', message: 'Read the environment in config/ only.' };

/** A tiny rule: file names are kebab-case; React component files (.tsx) may be PascalCase. */
const fileNames = {
  meta: {
    type: 'suggestion',
    schema: [],
    messages: {
      name: "File name '{{name}}' breaks the naming rule: kebab-case (.ts), PascalCase or kebab-case for React components (.tsx).",
    },
  },
  create(context) {
    const file = context.filename.split(/[\\/]/).pop() ?? '';
    // kebab-case words, dot-separated role suffixes (users.routes.ts, adoption.lifecycle.test.ts);
    // React component files PascalCase (ReportStrayPage.tsx, SignupPage.email.test.tsx).
    const kebab = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.(ts|tsx|mjs|js|cjs)$/.test(file);
    const pascal = /^[A-Z][A-Za-z0-9]*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.tsx$/.test(file);
    return {
      Program(node) {
        if (!kebab && !pascal) context.report({ node, messageId: 'name', data: { name: file } });
      },
    };
  },
};

const WEB_NET = 'web/src/lib';
const BFF_NET = 'bff/src/upstream';

export const boundaries = [
  {
    plugins: { 'import-x': importX, pawbridge: { rules: { 'file-names': fileNames } } },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [...TIERS.map((t) => path.join(ROOT, t, 'tsconfig.json')), path.join(ROOT, 'tsconfig.json')],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['**/*.config.{ts,js,mjs}', '**/vitest.setup.ts'],
    rules: { 'pawbridge/file-names': 'error' },
  },
  {
    // Another workspace is reached by its package name, never by a relative path into it
    // (resolved: the imported file's package differs from the importer's).
    files: ['**/*.{ts,tsx,mjs,js}'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },

  // ── import zones: every file gets one list (a later block's options would replace an earlier one's) ──
  {
    files: ['**/*.{ts,tsx,mjs}'],
    rules: { 'import-x/no-restricted-paths': zoneRule(ZONES.filter((z) => z.tests)) },
  },
  {
    files: PRODUCTION,
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': zoneRule(ZONES),
      // Production code has no import cycles (type-only imports excepted: they vanish at run time).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Node built-ins resolve to no file, so they are named: the contract and the normalisers run anywhere.
    files: ['shared/src/**/*.ts', 'bff/src/normalisers/**/*.ts'],
    ignores: TESTS,
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },

  // ── network globals in web/src/lib and bff/src/upstream only; process.env in config/ (and testing/) only ──
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [`${WEB_NET}/**`, ...TESTS],
    rules: { 'no-restricted-globals': networkGlobals },
  },
  {
    files: ['bff/src/**/*.ts', 'shared/src/**/*.ts', 'server-kit/src/**/*.ts'],
    ignores: [`${BFF_NET}/**`, ...TESTS],
    rules: { 'no-restricted-globals': networkGlobals },
  },
  // no-restricted-properties carries both the env and the network rule, so each file gets one merged list.
  {
    files: PRODUCTION,
    ignores: ['**/src/config/**', ...TESTS],
    rules: { 'no-restricted-properties': ['error', envProperty] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [`${WEB_NET}/**`, ...TESTS],
    rules: { 'no-restricted-properties': ['error', envProperty, ...networkProperties] },
  },
  {
    files: ['bff/src/**/*.ts', 'shared/src/**/*.ts', 'server-kit/src/**/*.ts'],
    ignores: [`${BFF_NET}/**`, ...TESTS],
    rules: { 'no-restricted-properties': ['error', envProperty, ...networkProperties] },
  },
  {
    // config/ reads the environment, but it does not fetch either.
    files: ['{web,bff,shared,server-kit}/src/config/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-properties': ['error', ...networkProperties],
    },
  },
];
