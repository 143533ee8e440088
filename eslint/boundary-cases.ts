import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The import rules of eslint/boundaries.js as test cases (docs/decisions/0027): each forbidden pair and one
// allowed pair per rule. boundaries.test.ts tries every pair in every spelling that reaches the same file.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A real production file of a folder whose file names other work may change (the BFF's upstream adapters). */
const anyFile = (dir: string) => {
  const file = fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ts$/.test(f) && !/\.(test|suite|test-kit)\.ts$/.test(f) && !f.includes('testing'))
    .sort()[0];
  if (!file) throw new Error(`no production file under ${dir}`);
  return path.join(dir, file);
};

export interface ImportRule {
  rule: string;
  /** Each [importer, target]: the importer is a probe path (need not exist), the target a real file or a package. */
  forbidden: Array<[string, string]>;
  /** One import the rule must let through, in every spelling. */
  allowed: [string, string];
  /** The rule id that must fire: no-restricted-paths unless said. */
  ruleId?: string;
  /** A rule about the spelling itself: only the relative spelling is forbidden. */
  relativeOnly?: boolean;
}

export const RULES: ImportRule[] = [
  // ── web ──
  {
    rule: 'web: nothing imports upward into app/',
    forbidden: [
      ['web/src/features/pets/x-probe.ts', 'web/src/app/router.tsx'],
      ['web/src/components/x-probe.ts', 'web/src/app/router.tsx'],
      ['web/src/lib/x-probe.ts', 'web/src/app/theme.ts'],
      ['web/src/messages/x-probe.ts', 'web/src/app/theme.ts'],
      ['web/src/testing/x-probe.ts', 'web/src/app/theme.ts'],
      ['web/src/features/pets/PetListPage.test.tsx', 'web/src/app/theme.ts'],
    ],
    allowed: ['web/src/app/x-probe.ts', 'web/src/features/pets/PetListPage.tsx'],
  },
  {
    rule: 'web: features never import each other',
    forbidden: [
      ['web/src/features/pets/x-probe.ts', 'web/src/features/strays/api.ts'],
      ['web/src/features/pets/components/x-probe.ts', 'web/src/features/strays/status.ts'],
      ['web/src/features/strays/x-probe.test.ts', 'web/src/features/pets/api.ts'],
    ],
    allowed: ['web/src/features/pets/components/x-probe.ts', 'web/src/features/pets/api.ts'],
  },
  {
    rule: 'web: components/, messages/ and testing/ never import a feature',
    forbidden: [
      ['web/src/components/x-probe.ts', 'web/src/features/pets/api.ts'],
      ['web/src/components/form/x-probe.ts', 'web/src/features/strays/status.ts'],
      ['web/src/messages/x-probe.ts', 'web/src/features/pets/api.ts'],
      ['web/src/testing/x-probe.ts', 'web/src/features/pets/api.ts'],
    ],
    allowed: ['web/src/components/x-probe.ts', 'web/src/lib/notify.ts'],
  },
  {
    rule: 'web: lib/ imports no feature and no component',
    forbidden: [
      ['web/src/lib/x-probe.ts', 'web/src/features/pets/api.ts'],
      ['web/src/lib/x-probe.ts', 'web/src/components/LoadMore.tsx'],
    ],
    allowed: ['web/src/lib/x-probe.ts', 'web/src/messages/index.ts'],
  },
  {
    rule: 'web: realtime and HTTP clients in lib/ only',
    forbidden: [
      ['web/src/features/pets/x-probe.ts', 'socket.io-client'],
      ['web/src/features/pets/x-probe.ts', '@stomp/stompjs'],
      ['web/src/components/x-probe.ts', 'socket.io-client'],
      ['web/src/app/x-probe.ts', '@stomp/stompjs'],
    ],
    allowed: ['web/src/lib/x-probe.ts', '@stomp/stompjs'],
  },
  // ── server-kit, shared ──
  {
    rule: 'server-kit is never in the web or shared/',
    forbidden: [
      ['web/src/lib/x-probe.ts', 'server-kit/src/index.ts'],
      ['web/src/features/pets/x-probe.ts', 'server-kit/src/log-redaction.ts'],
      ['web/src/x-probe.ts', 'server-kit/src/index.ts'],
      ['shared/src/x-probe.ts', 'server-kit/src/index.ts'],
      ['shared/src/x-probe.ts', 'server-kit/src/stomp-frames.ts'],
    ],
    allowed: ['bff/src/ops/x-probe.ts', 'server-kit/src/index.ts'],
  },
  {
    rule: 'server-kit imports no tier',
    forbidden: [
      ['server-kit/src/x-probe.ts', 'api/src/testing/test-api.ts'],
      ['server-kit/src/x-probe.ts', 'bff/src/app.ts'],
      ['server-kit/src/x-probe.ts', 'web/src/lib/session.ts'],
    ],
    allowed: ['server-kit/src/x-probe.ts', 'fastify'],
  },
  {
    rule: 'shared/ imports no tier and no server package',
    forbidden: [
      ['shared/src/x-probe.ts', 'fastify'],
      ['shared/src/x-probe.ts', '@fastify/cookie'],
      ['shared/src/x-probe.ts', 'pino'],
      ['shared/src/x-probe.ts', 'react-dom/server'],
      ['shared/src/x-probe.ts', 'bff/src/errors/bff-error.ts'],
      ['shared/src/x-probe.ts', 'api/src/lib/errors.ts'],
      ['shared/src/x-probe.ts', 'web/src/messages/index.ts'],
    ],
    allowed: ['shared/src/x-probe.ts', 'shared/src/errors.ts'],
  },
  {
    rule: 'shared/ and the BFF normalisers import no Node built-in',
    ruleId: 'import-x/no-nodejs-modules',
    forbidden: [
      ['shared/src/x-probe.ts', 'node:crypto'],
      ['bff/src/normalisers/x-probe.ts', 'node:fs'],
    ],
    allowed: ['shared/src/x-probe.ts', 'zod'],
  },
  // ── tiers ──
  {
    rule: "tiers never import each other's code",
    forbidden: [
      ['api/src/lib/x-probe.ts', 'bff/src/errors/bff-error.ts'],
      ['api/src/x-probe.test.ts', 'bff/src/testing/test-bff.ts'],
      ['api/src/lib/x-probe.ts', 'web/src/messages/index.ts'],
      ['bff/src/routes/x-probe.ts', 'web/src/messages/index.ts'],
      ['bff/src/routes/x-probe.ts', 'api/src/lib/errors.ts'],
      ['bff/src/routes/x-probe.test.ts', 'api/src/lib/errors.ts'],
      ['bff/src/testing/x-probe.ts', 'api/src/modules/pets/pets.service.ts'],
      ['web/src/lib/x-probe.ts', 'bff/src/errors/bff-error.ts'],
      ['web/src/features/pets/x-probe.test.ts', 'api/src/testing/test-api.ts'],
    ],
    allowed: ['bff/src/routes/x-probe.test.ts', 'api/src/testing/test-api.ts'],
  },
  {
    rule: 'another workspace is imported by package name, never by a relative path into it',
    ruleId: 'import-x/no-relative-packages',
    relativeOnly: true,
    forbidden: [
      ['e2e/x-probe.ts', 'api/src/scripts/seed.ts'],
      ['bff/src/x-probe.test.ts', 'shared/src/errors.ts'],
    ],
    allowed: ['e2e/x-probe.ts', 'api/src/testing/test-api.ts'],
  },
  // ── test-only code ──
  {
    rule: 'production code never imports test-only code',
    forbidden: [
      ['web/src/features/pets/x-probe.ts', 'web/src/testing/render-app.tsx'],
      ['web/src/lib/x-probe.ts', 'web/src/testing/unmocked-calls.ts'],
      ['bff/src/routes/x-probe.ts', 'api/src/testing/test-api.ts'],
      ['web/src/lib/x-probe.ts', 'api/src/testing/test-api.ts'],
      ['bff/src/routes/x-probe.ts', 'bff/src/routes/hardening.suite.ts'],
      ['bff/src/plugins/x-probe.ts', 'bff/src/testing/test-bff.ts'],
      ['bff/src/x-probe.ts', 'bff/src/testing/ops-bff.ts'],
      ['api/src/modules/pets/x-probe.ts', 'api/src/testing/test-api.ts'],
      ['api/src/modules/pets/x-probe.ts', 'api/src/testing/pets.ts'],
      ['api/src/x-probe.ts', 'api/src/app.test.ts'],
      ['server-kit/src/x-probe.ts', 'server-kit/src/testing/log-lines.ts'],
      ['web/src/features/auth/x-probe.tsx', 'web/src/features/auth/signup-page.testing.tsx'],
    ],
    allowed: ['bff/src/routes/x-probe.test.ts', 'bff/src/testing/test-bff.ts'],
  },
  // ── bff ──
  {
    rule: 'bff: normalisers are pure',
    forbidden: [
      ['bff/src/normalisers/x-probe.ts', 'fastify'],
      ['bff/src/normalisers/x-probe.ts', 'fastify-plugin'],
      ['bff/src/normalisers/x-probe.ts', '@fastify/cookie'],
      ['bff/src/normalisers/x-probe.ts', anyFile('bff/src/upstream')],
      ['bff/src/normalisers/x-probe.ts', 'bff/src/routes/index.ts'],
      ['bff/src/normalisers/x-probe.ts', 'bff/src/plugins/session.ts'],
      ['bff/src/normalisers/x-probe.ts', 'bff/src/config/env.ts'],
      ['bff/src/normalisers/x-probe.ts', 'bff/src/app.ts'],
    ],
    allowed: ['bff/src/normalisers/x-probe.ts', 'bff/src/normalisers/pet.normaliser.ts'],
  },
  {
    rule: 'bff: nothing imports routes/ but the composition root',
    forbidden: [
      ['bff/src/plugins/x-probe.ts', 'bff/src/routes/index.ts'],
      ['bff/src/realtime/x-probe.ts', 'bff/src/routes/index.ts'],
      ['bff/src/upstream/x-probe.ts', 'bff/src/routes/index.ts'],
      ['bff/src/config/x-probe.ts', 'bff/src/routes/index.ts'],
      ['bff/src/errors/x-probe.ts', 'bff/src/routes/index.ts'],
      ['bff/src/ops/x-probe.ts', 'bff/src/routes/index.ts'],
      ['bff/src/x-probe.ts', 'bff/src/routes/index.ts'],
    ],
    allowed: ['bff/src/app.ts', 'bff/src/routes/index.ts'],
  },
  {
    rule: 'bff: upstream/ sits below the plugins (a gateway takes the caller, it imports no plugin)',
    forbidden: [
      ['bff/src/upstream/x-probe.ts', 'bff/src/plugins/session.ts'],
      ['bff/src/upstream/legacy/x-probe.ts', 'bff/src/plugins/multipart.ts'],
      ['bff/src/upstream/api/x-probe.ts', 'bff/src/plugins/redis.ts'],
    ],
    allowed: ['bff/src/upstream/x-probe.ts', 'bff/src/upstream/client.ts'],
  },
  // ── api ──
  {
    rule: 'api: lib/, db/, integrations/ and config/ never import a module',
    forbidden: [
      ['api/src/lib/x-probe.ts', 'api/src/modules/pets/pets.service.ts'],
      ['api/src/db/x-probe.ts', 'api/src/modules/pets/pets.tables.ts'],
      ['api/src/db/migrations/x-probe.ts', 'api/src/modules/pets/pets.tables.ts'],
      ['api/src/integrations/x-probe.ts', 'api/src/modules/pets/pets.service.ts'],
      ['api/src/config/x-probe.ts', 'api/src/modules/pets/pets.service.ts'],
    ],
    allowed: ['api/src/db/schema.ts', 'api/src/modules/pets/pets.tables.ts'],
  },
  {
    rule: "api: a module's repository, tables and routes are private to it",
    forbidden: [
      ['api/src/modules/adoption/x-probe.ts', 'api/src/modules/pets/pets.repository.ts'],
      ['api/src/modules/adoption/x-probe.ts', 'api/src/modules/pets/pets.tables.ts'],
      ['api/src/modules/adoption/x-probe.ts', 'api/src/modules/pets/pets.routes.ts'],
    ],
    allowed: ['api/src/modules/adoption/x-probe.ts', 'api/src/modules/pets/pets.service.ts'],
  },
];
