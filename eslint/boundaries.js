// The layering of docs/decisions/0017-layering.md as lint rules: which folder may
// import which, where network and environment access may live, and file names.
// `npm run lint` fails on any of them.
import fs from 'node:fs';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/*.suite.ts', '**/vitest.setup.ts'];
const features = fs.existsSync('web/src/features')
  ? fs
      .readdirSync('web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const modules = fs.existsSync('api/src/modules')
  ? fs
      .readdirSync('api/src/modules', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/** Another workspace's source is reached through its package name only. */
const noCrossWorkspaceSrc = {
  regex: String.raw`^(\.\./)+(\.\./)*(api|bff|web|shared|server-kit)/src(/|$)|^@pawbridge/[a-z-]+/src(/|$)`,
  message: "Import another workspace by its package name ('@pawbridge/api/testing', '@pawbridge/shared'), never its src/ by path.",
};

const restrict = (...patterns) => ['error', { patterns: [noCrossWorkspaceSrc, ...patterns] }];
const group = (names, message) => ({ group: names, message });
const upward = group(['@/app', '@/app/**', '**/app/*'], 'Nothing imports upward into app/: move what is shared into lib/ or components/.');
// server-kit is the servers' operations code (docs/decisions/0021): never in the browser bundle,
// never under the web's contract package; and it sits below both tiers, so it imports neither.
const serverOnly = group(
  ['@pawbridge/server-kit', '@pawbridge/server-kit/**', '**/server-kit/**'],
  'server-kit is server code: the web (and shared/, which the web imports) never imports it.',
);
const restrictWeb = (...patterns) => restrict(serverOnly, ...patterns);
const realtime = group(
  ['socket.io-client', '@stomp/stompjs', 'sockjs-client', 'axios'],
  'Realtime and HTTP clients live in web/src/lib only.',
);

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

export const boundaries = [
  { plugins: { pawbridge: { rules: { 'file-names': fileNames } } } },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['**/*.config.{ts,js,mjs}', '**/vitest.setup.ts'],
    rules: { 'pawbridge/file-names': 'error', 'no-restricted-imports': restrict() },
  },

  // ── web: app → features → components / lib / messages (each file in exactly one block,
  //    because a later block's no-restricted-imports replaces an earlier one's) ──
  {
    files: ['web/**/*.{ts,tsx,mjs}', 'shared/**/*.ts'],
    ignores: ['**/vitest.setup.ts'],
    rules: { 'no-restricted-imports': restrictWeb() },
  },
  {
    files: ['web/src/app/**/*.{ts,tsx}', 'web/src/main.tsx'],
    rules: { 'no-restricted-imports': restrictWeb(realtime) },
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictWeb(
        upward,
        group(['@/features/**', '@/components/**'], 'lib/ is the bottom layer: it imports no feature or component.'),
      ),
    },
  },
  {
    files: ['web/src/{components,messages,config,testing}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrictWeb(
        upward,
        realtime,
        group(['@/features/**'], 'components/, lib/ and messages/ never import a feature.'),
      ),
    },
  },
  ...features.map((f) => ({
    files: [`web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrictWeb(
        upward,
        realtime,
        group(
          features
            .filter((o) => o !== f)
            .flatMap((o) => [`@/features/${o}`, `@/features/${o}/**`, `**/features/${o}/**`, `../../${o}/**`, `../${o}/**`]),
          'Features never import each other: share through components/ or lib/.',
        ),
      ),
    },
  })),
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/**', ...TESTS],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest'].map((name) => ({
          name,
          message: 'Network access lives in web/src/lib only.',
        })),
      ],
    },
  },

  // ── server-kit: fastify, prom-client, pino and node are fine; the tiers and the web are above it ──
  {
    files: ['server-kit/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        group(
          [
            '@pawbridge/api',
            '@pawbridge/api/**',
            '@pawbridge/bff',
            '@pawbridge/bff/**',
            '@pawbridge/web',
            '@pawbridge/web/**',
            '**/api/src/**',
            '**/bff/src/**',
            '**/web/src/**',
          ],
          'server-kit sits below both tiers: it imports no tier; the tiers pass their parts in (OpsOptions).',
        ),
      ),
    },
  },

  // ── bff: routes → services/gateways → upstream; normalisers pure; env in config/ ──
  {
    files: ['bff/src/normalisers/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': restrict(
        group(
          [
            'fastify',
            'fastify-*',
            '@fastify/*',
            'node:*',
            '../upstream/**',
            '../upstream',
            '../routes/**',
            '../routes',
            '../plugins/**',
            '../config/**',
          ],
          'Normalisers are pure functions: data in, contract out.',
        ),
      ),
    },
  },
  {
    files: ['bff/src/{upstream,errors,config}/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': restrict(group(['../routes/**', '../routes'], 'Nothing imports routes (routes are the outermost layer).')),
    },
  },
  {
    files: ['bff/src/**/*.ts'],
    ignores: ['bff/src/upstream/**', ...TESTS],
    rules: { 'no-restricted-globals': ['error', { name: 'fetch', message: 'Only bff/src/upstream talks to the upstream.' }] },
  },

  // ── api: lib/db/integrations/config never reach into modules ──
  {
    files: ['api/src/{lib,db,integrations,config}/**/*.ts'],
    // db/schema.ts composes the modules' table types into the database type: the one allowed reach.
    ignores: ['api/src/db/schema.ts', ...TESTS],
    rules: {
      'no-restricted-imports': restrict(group(['../modules/**', '../../modules/**'], 'Shared api code never depends on a domain module.')),
    },
  },
  ...modules.map((m) => ({
    files: [`api/src/modules/${m}/**/*.ts`],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': restrict(
        group(
          modules.filter((o) => o !== m).flatMap((o) => [`../${o}/*.repository`, `../${o}/*.tables`, `../${o}/*.routes`]),
          "A module's repository, tables and routes are private: use the other module's service.",
        ),
      ),
    },
  })),

  // ── process.env only in config/ (and the launcher, e2e and bench that start processes) ──
  {
    files: ['{api,bff,web,shared,server-kit}/src/**/*.{ts,tsx}'],
    ignores: ['**/src/config/**', ...TESTS],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment in config/ only.' }],
    },
  },
];
