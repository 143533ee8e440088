// Which api/bff/server-kit test files talk to Postgres or Redis when DATABASE_URL / REDIS_URL are set?
// Those whose static import closure reaches a file that calls the tests' service reader
// (`testServices()` / `ambientTestServices()`): without it a test runs on PGlite and in-process
// fan-out whatever the environment says, so running it again in CI's Postgres/Redis step proves nothing new.
// `.ci/run` passes this list to vitest; `service-tests.test.ts` keeps the selection honest.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const WORKSPACES = ['api', 'bff', 'server-kit'];
const SERVICE_READER_CALL = /\b(testServices|ambientTestServices)\s*\(/;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

interface PackageInfo {
  dir: string;
  exports: Record<string, string>;
}

function packages(): Map<string, PackageInfo> {
  const out = new Map<string, PackageInfo>();
  for (const ws of ['shared', 'server-kit', 'api', 'bff', 'web']) {
    const file = path.join(ROOT, ws, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; exports?: Record<string, string> | string };
    const exports = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {});
    out.set(pkg.name, { dir: path.join(ROOT, ws), exports });
  }
  return out;
}

function withExtension(base: string): string | undefined {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  // TypeScript's ESM spelling: './x.js' names './x.ts'.
  if (/\.m?js$/.test(base)) return withExtension(base.replace(/\.m?js$/, ''));
  return undefined;
}

function resolveSpecifier(spec: string, from: string, pkgs: Map<string, PackageInfo>): string | undefined {
  if (spec.startsWith('.')) return withExtension(path.resolve(path.dirname(from), spec));
  const match = /^(@pawbridge\/[a-z-]+)(\/.*)?$/.exec(spec);
  if (!match) return undefined;
  const info = pkgs.get(match[1] ?? '');
  if (!info) return undefined;
  const sub = `.${match[2] ?? ''}`;
  const exact = info.exports[sub];
  if (exact) return withExtension(path.join(info.dir, exact));
  for (const [pattern, target] of Object.entries(info.exports)) {
    if (!pattern.includes('*')) continue;
    const [head, tail] = pattern.split('*') as [string, string];
    if (sub.startsWith(head) && sub.endsWith(tail)) {
      const star = sub.slice(head.length, sub.length - tail.length);
      return withExtension(path.join(info.dir, target.replace('*', star)));
    }
  }
  return undefined;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Test files (repo-relative) that reach Postgres or Redis when the environment names them. */
export function serviceTests(): string[] {
  const pkgs = packages();
  const memo = new Map<string, boolean>();
  const reaches = (file: string, stack: Set<string>): boolean => {
    const known = memo.get(file);
    if (known !== undefined) return known;
    if (stack.has(file)) return false;
    stack.add(file);
    const text = fs.readFileSync(file, 'utf8');
    let found = SERVICE_READER_CALL.test(text);
    if (!found) {
      for (const m of text.matchAll(IMPORT)) {
        const target = resolveSpecifier(m[1] ?? m[2] ?? m[3] ?? '', file, pkgs);
        if (target && reaches(target, stack)) {
          found = true;
          break;
        }
      }
    }
    stack.delete(file);
    memo.set(file, found);
    return found;
  };
  const tests = WORKSPACES.flatMap((ws) => (fs.existsSync(path.join(ROOT, ws, 'src')) ? walk(path.join(ROOT, ws, 'src')) : []));
  return tests
    .filter((f) => reaches(f, new Set()))
    .map((f) => path.relative(ROOT, f))
    .sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const all = WORKSPACES.flatMap((ws) => walk(path.join(ROOT, ws, 'src')));
  const chosen = serviceTests();
  if (process.argv.includes('--summary'))
    console.error(`${chosen.length} of ${all.length} api/bff/server-kit test files reach Postgres or Redis`);
  console.log(chosen.join('\n'));
}
