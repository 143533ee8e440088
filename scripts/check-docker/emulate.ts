// Runs a Dockerfile's stages without docker: each stage gets its own directory standing in for
// its filesystem root; WORKDIR, ENV, COPY (from the build context or an earlier stage) and RUN
// are carried out there. The base images are stood in for by this machine: the project's Node
// (same version as the node image's tag; checked by main.ts) and Debian's nginx.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Stage } from './dockerfile';

export interface StageResult {
  stage: string;
  /** The directory standing in for the stage's `/`. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  seconds: number;
}

/** Context path → whether it is excluded by the .dockerignore patterns (last match wins, `!` re-includes). */
export function dockerignoreMatcher(text: string): (rel: string) => boolean {
  const rules = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => ({ negate: l.startsWith('!'), pattern: path.posix.normalize(l.replace(/^!/, '').replace(/^\/+/, '')).replace(/\/$/, '') }));
  return (rel) => {
    let excluded = false;
    for (const r of rules) if (path.matchesGlob(rel, r.pattern)) excluded = !r.negate;
    return excluded;
  };
}

/** The build context: `git archive HEAD` (or the working tree's tracked and new files), minus .dockerignore. */
export function makeContext(repo: string, dir: string, source: 'head' | 'worktree'): void {
  fs.mkdirSync(dir, { recursive: true });
  if (source === 'head') {
    const tar = spawnSync('sh', ['-c', `git -C "${repo}" archive HEAD | tar -x -C "${dir}"`], { encoding: 'utf8' });
    if (tar.status !== 0) throw new Error(`git archive failed: ${tar.stderr}`);
  } else {
    const files = spawnSync('git', ['-C', repo, 'ls-files', '-co', '--exclude-standard', '-z'], { encoding: 'utf8' })
      .stdout.split('\0')
      .filter(Boolean);
    for (const f of files) if (fs.existsSync(path.join(repo, f))) fs.cpSync(path.join(repo, f), path.join(dir, f), { recursive: true });
  }
  const ignorePath = path.join(dir, '.dockerignore');
  const ignored = dockerignoreMatcher(fs.existsSync(ignorePath) ? fs.readFileSync(ignorePath, 'utf8') : '');
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (ignored(child)) fs.rmSync(path.join(dir, child), { recursive: true, force: true });
      else if (entry.isDirectory()) walk(child);
    }
  };
  walk('');
}

const inRoot = (root: string, p: string) => path.join(root, path.posix.normalize(p));

function copyInto(src: string, dest: string, destIsDir: boolean, link: boolean): void {
  if (!fs.existsSync(src)) throw new Error(`COPY source missing: ${src}`);
  if (fs.statSync(src).isDirectory()) {
    fs.mkdirSync(dest, { recursive: true });
    // Hard links for trees from earlier stages (node_modules): fast, and those stages are done.
    const cp = spawnSync('cp', [link ? '-al' : '-a', `${src}/.`, `${dest}/`], { encoding: 'utf8' });
    if (cp.status !== 0) throw new Error(`cp ${src} → ${dest}: ${cp.stderr}`);
    return;
  }
  const target = destIsDir ? path.join(dest, path.basename(src)) : dest;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(src, target);
}

export interface RunOptions {
  context: string;
  work: string;
  /** PATH and npm settings the RUN steps see besides the stages' ENV. */
  baseEnv: Record<string, string>;
  log: (line: string) => void;
  /**
   * Stages whose RUN steps are not carried out again: the function puts in place what they would
   * have made (CI hands in the web build it made a minute earlier from the same clean checkout).
   */
  prebuilt?: Map<string, (appDir: string) => string>;
}

/** Carries out `stages` (already in build order); returns each stage's directory. */
export function runStages(stages: Stage[], opts: RunOptions): Map<string, StageResult> {
  const done = new Map<string, StageResult>();
  for (const stage of stages) {
    const started = Date.now();
    const root = path.join(opts.work, 'stages', stage.name);
    fs.rmSync(root, { recursive: true, force: true });
    const parent = stage.fromStage ? done.get(stage.from) : undefined;
    if (stage.fromStage && !parent) throw new Error(`stage ${stage.name}: ${stage.from} was not built first`);
    if (parent) copyInto(parent.root, root, true, false);
    else fs.mkdirSync(root, { recursive: true });
    let workdir = parent?.workdir ?? '/';
    const env: Record<string, string> = { ...(parent?.env ?? {}) };
    const prebuilt = opts.prebuilt?.get(stage.name);
    for (const step of stage.steps) {
      if (step.kind === 'RUN' && prebuilt) {
        opts.log(`  ${stage.name}: RUN (line ${step.line}) skipped: prebuilt`);
        continue;
      }
      if (step.kind === 'WORKDIR') {
        workdir = path.posix.resolve(workdir, step.dir);
        fs.mkdirSync(inRoot(root, workdir), { recursive: true });
      } else if (step.kind === 'ENV') Object.assign(env, step.vars);
      else if (step.kind === 'COPY') {
        const fromRoot = step.from ? done.get(step.from)?.root : opts.context;
        if (!fromRoot) throw new Error(`line ${step.line}: COPY --from=${step.from} before that stage`);
        const dest = inRoot(root, path.posix.resolve(workdir, step.dest));
        const destIsDir = step.dest.endsWith('/') || step.sources.length > 1;
        for (const src of step.sources) copyInto(path.join(fromRoot, src), dest, destIsDir, Boolean(step.from));
      } else if (step.kind === 'RUN') {
        const t = Date.now();
        const run = spawnSync('/bin/sh', ['-c', step.command], {
          cwd: inRoot(root, workdir),
          env: { ...opts.baseEnv, ...env },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        opts.log(`  ${stage.name}: RUN (line ${step.line}) ${((Date.now() - t) / 1000).toFixed(1)} s`);
        if (run.status !== 0) {
          const tail = `${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-25).join('\n');
          throw new Error(`stage ${stage.name}, line ${step.line}: RUN failed (exit ${run.status})\n${step.command}\n${tail}`);
        }
      }
    }
    if (prebuilt) opts.log(`  ${stage.name}: ${prebuilt(inRoot(root, workdir))}`);
    done.set(stage.name, { stage: stage.name, root, workdir, env, seconds: (Date.now() - started) / 1000 });
  }
  return done;
}

/** Maps a container path in an ENV value (e.g. DATA_DIR=/data) into the stage's directory when it exists there. */
export function hostEnv(result: StageResult): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(result.env)) {
    const top = value.startsWith('/') ? value.split('/')[1] : undefined;
    out[key] = top && fs.existsSync(path.join(result.root, top)) ? inRoot(result.root, value) : value;
  }
  return out;
}

/** Every file under `dir` whose name matches. */
export function findFiles(dir: string, test: (name: string) => boolean, limit = 50): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (out.length >= limit) return;
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (test(entry.name)) out.push(p);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return out;
}
