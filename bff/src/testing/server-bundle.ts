import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const WEB = path.join(ROOT, 'web');
const DIST = path.join(WEB, 'dist');
const SERVER = path.join(WEB, 'dist-server', 'entry-server.js');
const LOCK = path.join(WEB, '.build-for-tests.lock');

const built = () =>
  fs.existsSync(path.join(DIST, 'index.html')) && fs.existsSync(path.join(DIST, '.vite', 'manifest.json')) && fs.existsSync(SERVER);

/**
 * The BFF's settings that load the web's build and server bundle (its public pages rendered,
 * docs/decisions/0032). Builds them once when missing (`npm run build`: the same files the journeys
 * and the image use; two test files that need them at once wait for one build). A build already
 * there is used as it is: after changing web code, run `npm run build` again.
 */
export function serverBundleEnv(): Record<string, string> {
  const until = Date.now() + 10 * 60_000;
  while (!built()) {
    try {
      fs.mkdirSync(LOCK);
    } catch {
      if (Date.now() > until) throw new Error(`${LOCK} held for 10 minutes: remove it if no build is running`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
      continue;
    }
    try {
      // As `npm run build` runs from a shell: vitest sets NODE_ENV=test, which would make Vite bundle
      // React's development JSX runtime into the server bundle (jsxDEV), which the production React fails on.
      if (!built()) execFileSync('env', ['NODE_ENV=production', 'npm', 'run', 'build'], { cwd: WEB, stdio: 'inherit' });
    } finally {
      fs.rmdirSync(LOCK);
    }
  }
  return { WEB_DIST_DIR: DIST, SSR_BUNDLE: SERVER };
}
