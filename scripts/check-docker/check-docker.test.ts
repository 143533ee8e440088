import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCompose, composeVariables, envExampleNames } from './compose';
import { lintDockerfile, missingWorkspaces, parseDockerfile, stagesFor } from './dockerfile';
import { dockerignoreMatcher, runStages } from './emulate';
import { devOnlyPaths } from './runtime';
import { localHealthcheck, renderConf, screenRouteMismatches, screenRoutes } from './web-server';

const read = (p: string) => fs.readFileSync(p, 'utf8');
const GOOD = `FROM node:24.21.0-slim AS base
WORKDIR /app
COPY package.json ./
RUN npm ci --omit=dev
FROM base AS api
ENV NODE_ENV=production
USER node
HEALTHCHECK CMD ["node", "-e", "1"]
CMD ["node", "server.js"]
FROM base AS bff
ENV NODE_ENV=production
USER node
HEALTHCHECK CMD ["node", "-e", "1"]
CMD ["node", "server.js"]
FROM nginx:1.29.3-alpine AS web
COPY --from=base /app/package.json /usr/share/nginx/html/
USER nginx
HEALTHCHECK CMD ["wget", "-q", "http://127.0.0.1/healthz"]
CMD ["nginx", "-g", "daemon off;"]
`;
const rules = (text: string, exists = (_p: string) => true) => lintDockerfile(text, exists).map((p) => p.rule);

describe('Dockerfile lint', () => {
  it('passes a file that keeps every rule, and the repository Dockerfile', () => {
    expect(lintDockerfile(GOOD, () => true)).toEqual([]);
    expect(lintDockerfile(read('Dockerfile'), (p) => fs.existsSync(p))).toEqual([]);
  });

  it('flags latest, unpinned and untagged base images', () => {
    expect(rules(GOOD.replace('node:24.21.0-slim', 'node:latest'))).toContain('DL3007');
    expect(rules(GOOD.replace('node:24.21.0-slim', 'node:24-slim'))).toContain('pinned-tag');
    expect(rules(GOOD.replace('node:24.21.0-slim', 'node'))).toContain('DL3006');
  });

  it('flags npm install, ADD of a URL, curl, a root or missing USER and a missing HEALTHCHECK', () => {
    expect(rules(GOOD.replace('npm ci --omit=dev', 'npm install --omit=dev'))).toContain('npm-ci');
    expect(rules(GOOD.replace('COPY package.json ./', 'ADD https://example.com/x.tgz ./'))).toContain('no-add-url');
    expect(rules(GOOD.replace('RUN npm ci', 'RUN curl -O https://example.com/x && npm ci'))).toContain('registry-only');
    expect(rules(GOOD.replace('USER nginx', 'USER root'))).toContain('DL3002');
    expect(rules(GOOD.replace(/FROM base AS bff\n(.*\n)USER node\n/, 'FROM base AS bff\n$1'))).toContain('DL3002');
    expect(rules(GOOD.replace('HEALTHCHECK CMD ["wget", "-q", "http://127.0.0.1/healthz"]\n', ''))).toContain('healthcheck');
  });

  it('flags COPY sources missing from the context and --from of an unknown stage', () => {
    expect(rules(GOOD, (p) => p !== 'package.json')).toContain('copy-source');
    expect(rules(GOOD.replace('--from=base', '--from=nowhere'))).toContain('copy-from');
  });

  it('reads flags, ENV, HEALTHCHECK and CMD, and orders the stages a target needs', () => {
    const stages = parseDockerfile(read('Dockerfile'));
    const api = stages.find((s) => s.name === 'api');
    expect(api?.env.NODE_ENV).toBe('production');
    expect(api?.user).toBe('node');
    expect(api?.healthcheck?.[0]).toBe('node');
    expect(api?.steps.some((s) => s.kind === 'COPY' && s.from === 'deps-api' && s.chown === 'node:node')).toBe(true);
    expect(stagesFor(stages, 'web').map((s) => s.name)).toEqual(['base', 'build-web', 'web']);
  });
});

/** The other workspaces a tier's runtime source (tests and testing/ aside) imports by package name. */
function importedWorkspaces(dir: string): string[] {
  const found = new Set<string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !file.endsWith('.ts') || /\.test(-[a-z-]+)?\.ts$|[\\/]testing[\\/]/.test(file)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/from '@pawbridge\/([a-z-]+)[/']/g)) found.add(m[1] ?? '');
  }
  return [...found].sort();
}

describe('runtime images carry the workspaces their tier imports', () => {
  it('api and bff install and copy shared and server-kit', () => {
    const stages = parseDockerfile(read('Dockerfile'));
    for (const tier of ['api', 'bff']) {
      const imported = importedWorkspaces(`${tier}/src`);
      expect(imported).toEqual(expect.arrayContaining(['server-kit', 'shared']));
      expect(missingWorkspaces(stages, tier, imported)).toEqual([]);
    }
    const without = parseDockerfile(
      read('Dockerfile')
        .replace('COPY --from=deps-bff /app/server-kit server-kit\n', '')
        .replace(' -w @pawbridge/server-kit \\\n && find node_modules/onnx', ' \\\n && find node_modules/onnx'),
    );
    expect(missingWorkspaces(without, 'bff', ['server-kit'])).toEqual([
      'bff: imports @pawbridge/server-kit, which is not copied into the image',
    ]);
    expect(missingWorkspaces(without, 'api', ['server-kit'])).toEqual(['api: imports @pawbridge/server-kit, which no npm ci -w installs']);
  });
});

describe('compose file', () => {
  const input = () => ({
    composeText: read('deploy/compose.yaml'),
    composeDir: 'deploy',
    stages: parseDockerfile(read('Dockerfile')),
    envExample: read('.env.example'),
    exists: () => true,
  });

  it('finds variables (not the $$ escape) and .env.example names (set or commented)', () => {
    expect([...composeVariables('a: ${A:-1} b: $${B} c: $C d: ${D:?x}')].sort()).toEqual(['A', 'C', 'D']);
    expect(envExampleNames('X=1\n# Y=\n#Z=2\n# not a var\n')).toEqual(new Set(['X', 'Y', 'Z']));
  });

  it('accepts the repository compose file against the Dockerfile and .env.example', () => {
    const result = checkCompose(input());
    expect(result.problems).toEqual([]);
    expect(result.services).toEqual(expect.arrayContaining(['postgres', 'redis', 'api-1', 'api-2', 'bff-1', 'bff-2', 'web', 'nginx']));
  });

  it('flags an unknown target, an undocumented variable, a missing mount, a lone instance and a cycle', () => {
    const base = input();
    const broken = base.composeText
      .replace('target: bff', 'target: bff-runtime')
      .replace('REDIS_URL: redis://redis:6379\n    DATA_DIR', 'REDIS_URL: redis://redis:6379\n    EXTRA: ${NOT_DOCUMENTED}\n    DATA_DIR')
      .replace(/\n {2}api-2:\n {4}<<: \*api\n/, '\n  second-api:\n    <<: *api\n')
      .replace('  redis:\n    image:', '  redis:\n    depends_on:\n      nginx:\n        condition: service_healthy\n    image:');
    const problems = checkCompose({ ...base, composeText: broken, exists: (p) => !p.endsWith('pawbridge.conf') }).problems.join('\n');
    expect(problems).toMatch(/build target 'bff-runtime' is not a Dockerfile stage/);
    expect(problems).toMatch(/\$\{NOT_DOCUMENTED\} is used but not in \.env\.example/);
    expect(problems).toMatch(/mounts \.\/nginx\/pawbridge\.conf, which does not exist/);
    expect(problems).toMatch(/api: 1 service\(s\), the stack needs 2/);
    expect(problems).toMatch(/depends_on cycle/);
  });
});

describe('web image config and build context', () => {
  it('keeps nginx screen routes in step with shared/src/screen-routes.ts, and notices drift', () => {
    const conf = read('web/nginx.conf');
    const routes = screenRoutes(read('shared/src/screen-routes.ts'));
    expect(routes).toContain('/adopt');
    expect(screenRouteMismatches(conf, routes)).toEqual([]);
    expect(screenRouteMismatches(conf, [...routes, '/donate'])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/donate: nginx says not a screen/)]),
    );
    expect(screenRouteMismatches(conf.replace('|adopt|', '|'), routes).length).toBeGreaterThan(0);
  });

  it('renders the config with local paths only where the image has its own', () => {
    const out = renderConf({ conf: read('web/nginx.conf'), port: 4321, htmlRoot: '/x/html', bff: '127.0.0.1:9', tmpDir: '/x/tmp' });
    expect(out).toMatch(/listen 127\.0\.0\.1:4321;/);
    expect(out).toMatch(/root \/x\/html;/);
    expect(out).toMatch(/set \$pawbridge_bff 127\.0\.0\.1:9;/);
    expect(out).not.toMatch(/[^x]\/tmp\/nginx/);
    const web = parseDockerfile(read('Dockerfile')).find((st) => st.name === 'web');
    expect(localHealthcheck(web?.healthcheck ?? [], 4321)).toContain('http://127.0.0.1:4321/healthz');
  });

  it('applies .dockerignore like docker (nested node_modules, negation)', () => {
    const ignored = dockerignoreMatcher('**/node_modules\nweb/dist\n*.log\n!keep.log\n');
    expect(['node_modules', 'web/node_modules', 'web/dist', 'x.log'].map(ignored)).toEqual([true, true, true, true]);
    expect(['keep.log', 'web/src', 'web/distro'].map(ignored)).toEqual([false, false, false]);
  });

  it('lists dev-only lock entries (the ones a runtime image must not hold)', () => {
    const dev = devOnlyPaths(read('package-lock.json'));
    expect(dev).toEqual(expect.arrayContaining(['node_modules/vitest', 'node_modules/eslint', 'node_modules/lighthouse']));
    expect(dev).not.toContain('node_modules/fastify');
  });
});

describe('stages carried out on this machine', () => {
  it('runs RUN steps for real, and a prebuilt stage puts its result in place without running them', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-stages-'));
    try {
      const context = path.join(work, 'context');
      fs.mkdirSync(context);
      fs.writeFileSync(path.join(context, 'in.txt'), 'from the context');
      const stages = parseDockerfile(
        'FROM node:24.21.0-slim AS base\nWORKDIR /app\nCOPY in.txt ./\nRUN cp in.txt out.txt\n' + 'FROM base AS build-web\nRUN exit 1\n',
      );
      const lines: string[] = [];
      const opts = { context, work, baseEnv: { PATH: '/usr/bin:/bin' }, log: (l: string) => lines.push(l) };
      expect(() => runStages(stages, opts)).toThrow(/build-web, line 6: RUN failed/);
      const built = runStages(stages, {
        ...opts,
        prebuilt: new Map([['build-web', (dir: string) => (fs.writeFileSync(path.join(dir, 'dist.txt'), 'prebuilt'), 'prebuilt dist')]]),
      });
      const base = built.get('base');
      const web = built.get('build-web');
      expect(fs.readFileSync(path.join(base!.root, 'app', 'out.txt'), 'utf8')).toBe('from the context');
      expect(fs.readFileSync(path.join(web!.root, 'app', 'dist.txt'), 'utf8')).toBe('prebuilt');
      expect(lines).toContain('  build-web: RUN (line 6) skipped: prebuilt');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
