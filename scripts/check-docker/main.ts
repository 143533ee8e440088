// npm run check:docker — keeps the Dockerfile and deploy/compose.yaml honest on machines without
// docker (docs/decisions/0022): lint, then every stage of the api, bff and web targets carried out
// in a clean export of HEAD (`--worktree`: the working tree), then the results started and probed.
// Heavy (npm ci ×3, a web build): run it as `flock /tmp/heavy.lock npm run check:docker`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { balancerPageProblems } from './balancer';
import { checkCompose } from './compose';
import { lintDockerfile, parseDockerfile, RUNTIME_TARGETS, stagesFor, type Stage } from './dockerfile';
import { findFiles, hostEnv, makeContext, runStages, type StageResult } from './emulate';
import { auditRuntimeTree, devOnlyPaths, duMegabytes, freePort, runHealthcheck, startAndWait, type Started } from './runtime';
import { checkWebServer, screenRouteMismatches, screenRoutes } from './web-server';

const repo = process.cwd();
const args = new Set(process.argv.slice(2));
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const failures: string[] = [];
const passes: string[] = [];
const log = (line: string) => console.log(line);
const section = (title: string) => log(`\n── ${title} (${elapsed()})`);
const record = (problems: string[], ok: string) => {
  for (const p of problems) log(`  ✗ ${p}`);
  if (problems.length === 0) log(`  ✓ ${ok}`);
  failures.push(...problems);
  if (problems.length === 0) passes.push(ok);
};

/**
 * `--reuse-web-dist=<dir>`: CI has just built the web app from this same clean checkout, so the
 * build-web stage takes that build (less its source maps, as its RUN step deletes them) instead of a
 * second `npm ci` and `vite build`. Refused, and the stage runs for real, when the checkout has
 * changes under web/, shared/ or the lockfile (the build might not be HEAD's).
 */
function prebuiltWeb(): Map<string, (appDir: string) => string> | undefined {
  const arg = process.argv.find((a) => a.startsWith('--reuse-web-dist='));
  if (!arg) return undefined;
  const dist = path.resolve(repo, arg.slice('--reuse-web-dist='.length));
  // The server bundle the bff image carries is built beside it (npm run build's second step).
  const serverDist = path.join(path.dirname(dist), 'dist-server');
  const dirty = spawnSync('git', ['-C', repo, 'status', '--porcelain', '--', 'web', 'shared', 'package-lock.json', '.npmrc'], {
    encoding: 'utf8',
  }).stdout.trim();
  const missing = !fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(path.join(serverDist, 'entry-server.js'));
  if (dirty || missing) {
    log(
      `  --reuse-web-dist refused (${dirty ? 'uncommitted changes under web/, shared/ or the lockfile' : `no build in ${dist} and ${serverDist}`}): build-web runs`,
    );
    return undefined;
  }
  return new Map([
    [
      'build-web',
      (appDir: string) => {
        const target = path.join(appDir, 'web', 'dist');
        fs.mkdirSync(target, { recursive: true });
        fs.cpSync(dist, target, { recursive: true, filter: (src) => !src.endsWith('.map') });
        fs.cpSync(serverDist, path.join(appDir, 'web', 'dist-server'), { recursive: true, filter: (src) => !src.endsWith('.map') });
        return `web/dist and web/dist-server taken from ${path.relative(repo, dist) || dist} (built from this checkout; .map files left out as the RUN step deletes them)`;
      },
    ],
  ]);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-check-docker-'));
fs.chmodSync(work, 0o755);
const context = path.join(work, 'context');
const running: Started[] = [];

async function main(): Promise<void> {
  section(`build context: ${args.has('--worktree') ? 'working tree' : 'git archive HEAD'} minus .dockerignore`);
  makeContext(repo, context, args.has('--worktree') ? 'worktree' : 'head');
  const inContext = (p: string) => fs.existsSync(path.join(context, p));
  const dockerfile = fs.readFileSync(path.join(context, 'Dockerfile'), 'utf8');

  section('Dockerfile lint (dockerfile-utils validator + hadolint-style rules)');
  record(
    lintDockerfile(dockerfile, inContext).map((p) => `Dockerfile:${p.line} [${p.rule}] ${p.message}`),
    'no problems',
  );
  const stages = parseDockerfile(dockerfile);

  section('deploy/compose.yaml');
  const compose = checkCompose({
    composeText: fs.readFileSync(path.join(context, 'deploy/compose.yaml'), 'utf8'),
    composeDir: 'deploy',
    stages,
    envExample: fs.readFileSync(path.join(context, '.env.example'), 'utf8'),
    exists: inContext,
  });
  record(compose.problems, `services ${compose.services.join(', ')}: targets, variables, healthchecks, mounts coherent`);

  section('deploy/nginx/pawbridge.conf: public pages to the BFFs (rendered there), assets to the web container');
  record(balancerPageProblems(fs.readFileSync(path.join(context, 'deploy/nginx/pawbridge.conf'), 'utf8')), 'page routing as intended');

  section('web/nginx.conf screen routes vs shared/src/screen-routes.ts');
  const webConf = fs.readFileSync(path.join(context, 'web/nginx.conf'), 'utf8');
  const routes = screenRoutes(fs.readFileSync(path.join(context, 'shared/src/screen-routes.ts'), 'utf8'));
  record(screenRouteMismatches(webConf, routes), `${routes.length} screen routes, same answers for every sample path`);

  const nodeImage = stages.find((s) => !s.fromStage && s.from.startsWith('node:'))?.from ?? '';
  const nodeVersion = spawnSync(path.join(repo, 'node_modules/.bin/node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
  section(`stages, with this machine standing in for the base images (node ${nodeVersion} for ${nodeImage})`);
  if (!nodeImage.startsWith(`node:${nodeVersion.replace(/^v/, '')}`))
    failures.push(`the node image (${nodeImage}) is not the project's Node (${nodeVersion}): the emulation would not match`);
  const order: Stage[] = [];
  for (const target of RUNTIME_TARGETS) for (const s of stagesFor(stages, target)) if (!order.includes(s)) order.push(s);
  const bin = path.join(work, 'bin');
  fs.mkdirSync(bin);
  fs.symlinkSync(path.join(repo, 'node_modules/.bin/node'), path.join(bin, 'node'));
  const npmCache = process.env.npm_config_cache ?? path.join(os.homedir(), '.npm');
  const baseEnv = {
    PATH: `${bin}:/usr/local/bin:/usr/bin:/bin`,
    HOME: os.homedir(),
    npm_config_cache: npmCache,
    NPM_CONFIG_PREFER_OFFLINE: 'true',
  };
  const built = runStages(order, { context, work, baseEnv, log, prebuilt: prebuiltWeb() });
  for (const r of built.values()) log(`  ${r.stage}: ${r.seconds.toFixed(1)} s`);

  section('runtime images: no dev dependencies, no source maps');
  const devPaths = devOnlyPaths(fs.readFileSync(path.join(context, 'package-lock.json'), 'utf8'));
  for (const target of ['api', 'bff'] as const) {
    const r = built.get(target) as StageResult;
    const app = path.join(r.root, r.workdir);
    const named = ['vitest', 'eslint', 'typescript', 'vite', 'playwright-core', 'lighthouse', 'node', 's3rver', 'jsdom'].filter((n) =>
      fs.existsSync(path.join(app, 'node_modules', n)),
    );
    record(
      [...auditRuntimeTree(app, devPaths), ...named.map((n) => `${target}: node_modules/${n} (a dev tool) is in the image`)],
      `${target}: ${devPaths.length} dev-only lock entries absent, no .map files (${duMegabytes(r.root)} MB)`,
    );
  }
  const web = built.get('web') as StageResult;
  const html = path.join(web.root, 'usr/share/nginx/html');
  const hashed = findFiles(path.join(html, 'assets'), (n) => /-[A-Za-z0-9_-]{8}\.(js|css)$/.test(n), 1000);
  const webMaps = findFiles(web.root, (n) => n.endsWith('.map'), 5);
  record(
    [
      ...(fs.existsSync(path.join(html, 'index.html')) ? [] : ['web: no index.html']),
      ...(hashed.length > 0 ? [] : ['web: no hashed assets']),
      ...webMaps.map((m) => `web: source map ${path.relative(web.root, m)}`),
    ],
    `web: index.html, ${hashed.length} hashed .js/.css assets, no .map files`,
  );

  section('api and bff started from their image directories (NODE_ENV=production, Postgres pb_docker, Redis)');
  spawnSync('dropdb', ['-h', '127.0.0.1', '-U', 'postgres', '--if-exists', '--force', 'pb_docker']);
  const created = spawnSync('createdb', ['-h', '127.0.0.1', '-U', 'postgres', 'pb_docker'], { encoding: 'utf8' });
  if (created.status !== 0) throw new Error(`createdb pb_docker: ${created.stderr}`);
  const [apiPort, dashPort, bffPort, webPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const api = built.get('api') as StageResult;
  const apiEnv = {
    ...baseEnv,
    ...hostEnv(api),
    API_HOST: '127.0.0.1',
    API_PORT: String(apiPort),
    DASHBOARD_HOST: '127.0.0.1',
    DASHBOARD_PORT: String(dashPort),
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/pb_docker',
    REDIS_URL: process.env.CHECK_DOCKER_REDIS_URL ?? 'redis://127.0.0.1:6379',
    EVENTS_CHANNEL: 'pb_docker:events',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PORTONE_API_KEY: 'check-docker',
    PORTONE_API_SECRET: 'check-docker',
    UNSUBSCRIBE_SECRET: 'check-docker-unsubscribe-secret-0123456789abcdef',
    SEED_DEMO_DATA: 'false',
    ADMIN_PASSWORD: 'Check-Docker-2026!',
    PUBLIC_ORIGIN: `http://127.0.0.1:${webPort}`,
    LOG_LEVEL: 'warn',
  };
  const apiDir = path.join(api.root, api.workdir);
  const apiCmd = stages.find((s) => s.name === 'api')?.cmd ?? [];
  const apiProc = await startAndWait(apiCmd, apiDir, apiEnv, `http://127.0.0.1:${apiPort}/healthz`);
  running.push(apiProc);
  const apiHealth = runHealthcheck(stages.find((s) => s.name === 'api')?.healthcheck ?? [], apiDir, apiEnv);
  record(
    apiHealth.ok ? [] : [`api HEALTHCHECK failed (${apiHealth.detail})`],
    `api: \`${apiCmd.join(' ')}\` answers /healthz; its HEALTHCHECK passes`,
  );

  const bff = built.get('bff') as StageResult;
  const bffEnv = {
    ...baseEnv,
    ...hostEnv(bff),
    HOST: '127.0.0.1',
    PORT: String(bffPort),
    UPSTREAM_URL: `http://127.0.0.1:${apiPort}`,
    DASHBOARD_URL: `http://127.0.0.1:${dashPort}`,
    REDIS_URL: apiEnv.REDIS_URL,
    RATE_LIMIT_PREFIX: 'pb_docker:rate:',
    PUBLIC_ORIGIN: apiEnv.PUBLIC_ORIGIN,
    PORTONE_MERCHANT_CODE: 'imp00000000',
    LOG_LEVEL: 'warn',
  };
  const bffDir = path.join(bff.root, bff.workdir);
  const bffCmd = stages.find((s) => s.name === 'bff')?.cmd ?? [];
  const bffProc = await startAndWait(bffCmd, bffDir, bffEnv, `http://127.0.0.1:${bffPort}/healthz`);
  running.push(bffProc);
  const bffHealth = runHealthcheck(stages.find((s) => s.name === 'bff')?.healthcheck ?? [], bffDir, bffEnv);
  const config = await fetch(`http://127.0.0.1:${bffPort}/api/config`);
  record(
    [
      ...(bffHealth.ok ? [] : [`bff HEALTHCHECK failed (${bffHealth.detail})`]),
      ...(config.ok ? [] : [`bff → api: GET /api/config answered ${config.status}`]),
    ],
    `bff: \`${bffCmd.join(' ')}\` answers /healthz and /api/config through the api; its HEALTHCHECK passes`,
  );
  record(
    await renderedPageProblems(`http://127.0.0.1:${bffPort}`),
    'bff: public pages rendered by the image’s server bundle (/adopt 200, an unknown animal 404, data embedded)',
  );
  const csp = (await fetch(`http://127.0.0.1:${bffPort}/healthz`)).headers.get('content-security-policy');

  section('web: web/nginx.conf served by this machine’s nginx over the image’s files');
  const webCheck = await checkWebServer(
    { conf: webConf, port: webPort, htmlRoot: html, bff: `127.0.0.1:${bffPort}`, tmpDir: path.join(work, 'nginx') },
    csp,
    stages.find((s) => s.name === 'web')?.healthcheck ?? [],
  );
  for (const n of webCheck.notes) log(`  ✓ ${n}`);
  record(webCheck.problems, 'web: caching, pre-compressed assets, screen routes and security headers as intended');
}

/** The bff image renders its public pages (SSR_BUNDLE loaded), not the SPA shell. */
async function renderedPageProblems(base: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [p, status] of [
    ['/adopt', 200],
    ['/adopt/999999999', 404],
  ] as const) {
    const res = await fetch(base + p, { headers: { accept: 'text/html' } });
    const html = await res.text();
    if (res.status !== status) problems.push(`bff: GET ${p} answered ${res.status}, not ${status}`);
    if (!html.includes('id="pb-ssr-data"') || /<div id="root"><\/div>/.test(html))
      problems.push(`bff: GET ${p} is not server-rendered (the SPA shell: is SSR_BUNDLE in the image?)`);
  }
  return problems;
}

async function finish(code: number): Promise<never> {
  for (const p of running.reverse()) await p.stop();
  if (args.has('--keep')) log(`\nkept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
  process.exit(code);
}

main().then(
  async () => {
    section('summary');
    log(`  ${passes.length} checks passed, ${failures.length} problem(s)`);
    for (const f of failures) log(`  ✗ ${f}`);
    log(
      `  not covered without docker: the base images themselves (their OS packages, the nginx image's entrypoint), --chown, USER permissions at run time.`,
    );
    await finish(failures.length > 0 ? 1 : 0);
  },
  async (err: unknown) => {
    log(`\n✗ ${(err as Error).message}`);
    await finish(1);
  },
);
