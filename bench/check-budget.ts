/**
 * check:budget — a visitor's first load stays light.
 *
 *   npm run check:budget [-- --dist web/dist]
 *
 * Opens /, /adopt, /community, a stray's page (/adopt/:stray), the lost board and a lost post (/lost/:lost) as a visitor (bench/bundle.ts: real Chromium, cold
 * cache, gzip -9 of every body) against an existing build (web/dist by default; CI
 * runs it after `npm run build`) and fails when a page loads chart, realtime (STOMP,
 * socket.io), map or payment code, or goes over a budget in bench/budget.json.
 * Code is recognised by the modules the build put into each chunk it loaded
 * (.vite/chunk-modules.json) and by the addresses of every request.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, arg, chunkModules, entryChunk, kib, measure, openStack, printTable, type RouteLoad } from './bundle';

interface Budget {
  routes: Record<string, Partial<Record<string, number>>>;
  forbidden: Record<string, string>;
}

export function violations(loads: RouteLoad[], modules: Record<string, string[]>, budget: Budget, entryGzipBytes: number): string[] {
  const found: string[] = [];
  const entryMax = budget.routes['*']?.entryJsGzipBytes;
  if (entryMax !== undefined && entryGzipBytes > entryMax)
    found.push(`entry chunk is ${kib(entryGzipBytes)} gzip, budget ${kib(entryMax)}`);
  for (const load of loads) {
    const limits = budget.routes[load.route] ?? {};
    for (const [metric, max] of Object.entries(limits)) {
      const value = (load.totals as Record<string, number>)[metric];
      if (value === undefined || max === undefined) continue;
      if (value > max)
        found.push(
          `${load.route}: ${metric} ${metric.endsWith('Bytes') ? kib(value) : value} over the budget of ${metric.endsWith('Bytes') ? kib(max) : max}`,
        );
    }
    for (const [what, pattern] of Object.entries(budget.forbidden)) {
      const re = new RegExp(pattern);
      for (const chunk of load.chunks) {
        const hit = (modules[chunk] ?? []).find((m) => re.test(m));
        if (hit) found.push(`${load.route}: loads ${what} code (${hit} in ${chunk})`);
      }
      const url = load.resources.map((r) => r.url).find((u) => re.test(u));
      if (url) found.push(`${load.route}: requests ${what} code (${url})`);
    }
  }
  return found;
}

/**
 * Mantine components whose styles no list imports: a screen would render them
 * unstyled (web/src/components/styles/screens.ts lists every component's styles).
 */
export function unstyledComponents(modules: Record<string, string[]>): string[] {
  const stylesDir = path.join(ROOT, 'node_modules', '@mantine', 'core', 'styles');
  const listed = fs.readFileSync(path.join(ROOT, 'web', 'src', 'components', 'styles', 'screens.ts'), 'utf8');
  const used = new Set(
    Object.values(modules)
      .flat()
      .map((m) => /@mantine\/core\/esm\/components\/([^/]+)\//.exec(m)?.[1])
      .filter((c): c is string => c !== undefined),
  );
  return [...used].filter((c) => fs.existsSync(path.join(stylesDir, `${c}.layer.css`)) && !listed.includes(`/${c}.layer.css'`)).sort();
}

async function main(): Promise<void> {
  const dist = path.resolve(arg('dist') ?? path.join(ROOT, 'web', 'dist'));
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`no build in ${dist}: run npm run build first`);
  const modules = chunkModules(dist);
  if (Object.keys(modules).length === 0)
    throw new Error(`${dist} has no .vite/chunk-modules.json (built before web/build/chunk-modules.ts?)`);
  const budget = JSON.parse(fs.readFileSync(path.join(ROOT, 'bench', 'budget.json'), 'utf8')) as Budget;
  const routes = Object.keys(budget.routes).filter((r) => r !== '*');
  const stack = await openStack(dist);
  let loads: RouteLoad[];
  try {
    loads = await measure(
      stack,
      routes.map((route) => ({ route, role: 'visitor' as const })),
    );
  } finally {
    await stack.close();
  }
  printTable(loads);
  const problems = violations(loads, modules, budget, entryChunk(dist).gzipBytes);
  for (const c of unstyledComponents(modules))
    problems.push(`Mantine ${c} is used but web/src/components/styles/screens.ts does not import its styles`);
  if (problems.length > 0) {
    console.error(`\nbudget check FAILED:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.error('\nbudget check passed');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
