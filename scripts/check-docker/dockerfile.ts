// The Dockerfile as stages of steps (parsed by dockerfile-ast), and its lint: dockerfile-utils'
// validator plus hadolint-style rules of our own. Pure: text in, model and problems out.
import { DockerfileParser } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { z } from 'zod';

export type Step =
  | { kind: 'RUN'; line: number; command: string }
  | { kind: 'COPY'; line: number; from: string | null; chown: string | null; sources: string[]; dest: string }
  | { kind: 'WORKDIR'; line: number; dir: string }
  | { kind: 'ENV'; line: number; vars: Record<string, string> }
  | { kind: 'OTHER'; line: number; keyword: string; args: string };

export interface Stage {
  name: string;
  /** An earlier stage's name, or an image reference. */
  from: string;
  fromStage: boolean;
  line: number;
  steps: Step[];
  user: string | null;
  healthcheck: string[] | null;
  cmd: string[] | null;
  env: Record<string, string>;
}

export interface Problem {
  line: number;
  rule: string;
  message: string;
}

/** The runtime targets: what compose and ops build. */
export const RUNTIME_TARGETS = ['api', 'bff', 'web'] as const;

const JsonArray = z.array(z.string());

function jsonForm(args: string): string[] | null {
  try {
    const parsed = JsonArray.safeParse(JSON.parse(args));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Leading `--name=value` flags and the remaining words of an instruction's arguments. */
function flags(args: string): { flags: Record<string, string>; rest: string[] } {
  const out: Record<string, string> = {};
  const words = args
    .replace(/\\\r?\n/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  while (words[0]?.startsWith('--')) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(words.shift() ?? '');
    if (m?.[1]) out[m[1]] = m[2] ?? '';
  }
  return { flags: out, rest: words };
}

/** ENV a=b c=d, or the legacy ENV a b. */
function envPairs(args: string): Record<string, string> {
  const out: Record<string, string> = {};
  const text = args.replace(/\\\r?\n/g, ' ').trim();
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(text)) {
    const [key, ...value] = text.split(/\s+/);
    if (key) out[key] = value.join(' ');
    return out;
  }
  for (const m of text.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    const raw = m[2] ?? '';
    if (m[1]) out[m[1]] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  return out;
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const names = new Set<string>();
  for (const inst of DockerfileParser.parse(text).getInstructions()) {
    const keyword = inst.getKeyword().toUpperCase();
    const line = inst.getInstructionRange().start.line + 1;
    // The whole text after the keyword: dockerfile-ast leaves flags (--from=…) out of its arguments.
    const args = inst
      .getTextContent()
      .replace(/^\s*\S+\s*/, '')
      .trim();
    if (keyword === 'FROM') {
      const words = args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const from = words[0] ?? '';
      const name = /^as$/i.test(words[1] ?? '') ? (words[2] ?? `stage-${stages.length}`) : `stage-${stages.length}`;
      const parent = names.has(from) ? stages.find((s) => s.name === from) : undefined;
      stages.push({
        name,
        from,
        fromStage: Boolean(parent),
        line,
        steps: [],
        user: parent?.user ?? null,
        healthcheck: parent?.healthcheck ?? null,
        cmd: parent?.cmd ?? null,
        env: { ...(parent?.env ?? {}) },
      });
      names.add(name);
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) continue;
    if (keyword === 'RUN') stage.steps.push({ kind: 'RUN', line, command: args.replace(/\\\r?\n/g, ' ') });
    else if (keyword === 'COPY' || keyword === 'ADD') {
      const { flags: f, rest } = flags(args);
      const json = jsonForm(args.replace(/^(--\S+\s+)+/, ''));
      const parts = json ?? rest;
      const step: Step = {
        kind: 'COPY',
        line,
        from: f.from ?? null,
        chown: f.chown ?? null,
        sources: parts.slice(0, -1),
        dest: parts.at(-1) ?? '',
      };
      if (keyword === 'ADD') stage.steps.push({ kind: 'OTHER', line, keyword, args });
      stage.steps.push(step);
    } else if (keyword === 'WORKDIR') stage.steps.push({ kind: 'WORKDIR', line, dir: args });
    else if (keyword === 'ENV') {
      const vars = envPairs(args);
      Object.assign(stage.env, vars);
      stage.steps.push({ kind: 'ENV', line, vars });
    } else {
      if (keyword === 'USER') stage.user = args;
      if (keyword === 'CMD') stage.cmd = jsonForm(args) ?? ['/bin/sh', '-c', args];
      if (keyword === 'HEALTHCHECK') {
        const cmdAt = args.search(/\bCMD\b/);
        stage.healthcheck =
          /^NONE$/i.test(args) || cmdAt < 0
            ? null
            : (jsonForm(args.slice(cmdAt + 3).trim()) ?? ['/bin/sh', '-c', args.slice(cmdAt + 3).trim()]);
      }
      stage.steps.push({ kind: 'OTHER', line, keyword, args });
    }
  }
  return stages;
}

/** Stages a target needs, in build order (FROM chains and COPY --from). */
export function stagesFor(stages: Stage[], target: string): Stage[] {
  const byName = new Map(stages.map((s) => [s.name, s]));
  const needed = new Set<string>();
  const visit = (name: string) => {
    const stage = byName.get(name);
    if (!stage || needed.has(name)) return;
    needed.add(name);
    if (stage.fromStage) visit(stage.from);
    for (const step of stage.steps) if (step.kind === 'COPY' && step.from) visit(step.from);
  };
  visit(target);
  return stages.filter((s) => needed.has(s.name));
}

/**
 * The workspaces (`@pawbridge/<dir>`) a runtime target imports but does not carry: each must be
 * installed by one of its stages' `npm ci -w` and copied into the target itself.
 */
export function missingWorkspaces(stages: Stage[], target: string, imported: string[]): string[] {
  const chain = stagesFor(stages, target);
  const installed = new Set(
    chain.flatMap((s) =>
      s.steps.flatMap((st) =>
        st.kind === 'RUN' && /\bnpm ci\b/.test(st.command)
          ? [...st.command.matchAll(/-w @pawbridge\/([a-z-]+)/g)].map((m) => m[1] ?? '')
          : [],
      ),
    ),
  );
  const runtime = chain.find((s) => s.name === target);
  const copied = new Set((runtime?.steps ?? []).flatMap((st) => (st.kind === 'COPY' ? [st.dest.replace(/^\.?\/?|\/$/g, '')] : [])));
  return imported.flatMap((w) => [
    ...(installed.has(w) ? [] : [`${target}: imports @pawbridge/${w}, which no npm ci -w installs`]),
    ...(copied.has(w) ? [] : [`${target}: imports @pawbridge/${w}, which is not copied into the image`]),
  ]);
}

/**
 * Lint: dockerfile-utils' diagnostics and our rules. `exists(path)` answers whether a build-context
 * path is present after .dockerignore (COPY sources must be).
 */
export function lintDockerfile(text: string, exists: (contextPath: string) => boolean): Problem[] {
  const problems: Problem[] = validate(text).map((d) => ({
    line: d.range.start.line + 1,
    rule: `dockerfile-utils:${String(d.code ?? 'diagnostic')}`,
    message: typeof d.message === 'string' ? d.message : d.message.value,
  }));
  const stages = parseDockerfile(text);
  const names = new Set<string>();
  for (const stage of stages) {
    if (!stage.fromStage) {
      const ref = stage.from;
      const digest = ref.includes('@sha256:');
      const tag = /:([^/@]+)$/.exec(ref.split('@')[0] ?? '')?.[1];
      if (!digest && !tag) problems.push({ line: stage.line, rule: 'DL3006', message: `FROM ${ref}: pin the image with a tag` });
      else if (tag === 'latest') problems.push({ line: stage.line, rule: 'DL3007', message: `FROM ${ref}: never the moving 'latest' tag` });
      else if (!digest && !/\d+\.\d+/.test(tag ?? ''))
        problems.push({ line: stage.line, rule: 'pinned-tag', message: `FROM ${ref}: pin at least major.minor (e.g. 24.21.0-slim)` });
    }
    for (const step of stage.steps) {
      if (step.kind === 'OTHER' && step.keyword === 'ADD') {
        problems.push({
          line: step.line,
          rule: /https?:\/\//.test(step.args) ? 'no-add-url' : 'DL3020',
          message: 'use COPY (ADD fetches URLs and unpacks archives implicitly)',
        });
      }
      if (step.kind === 'OTHER' && step.keyword === 'MAINTAINER')
        problems.push({ line: step.line, rule: 'DL4000', message: 'MAINTAINER is deprecated' });
      if (step.kind === 'WORKDIR' && !step.dir.startsWith('/'))
        problems.push({ line: step.line, rule: 'DL3000', message: 'WORKDIR must be absolute' });
      if (step.kind === 'RUN') {
        if (/\bnpm\s+(install|i|add)\b/.test(step.command))
          problems.push({ line: step.line, rule: 'npm-ci', message: 'use `npm ci` (the lock file, exactly), not npm install' });
        if (/\b(curl|wget)\b/.test(step.command))
          problems.push({ line: step.line, rule: 'registry-only', message: 'builds fetch from the npm registry only' });
        if (/\bapt-get\s+install\b/.test(step.command) && !/--no-install-recommends/.test(step.command)) {
          problems.push({ line: step.line, rule: 'DL3015', message: 'apt-get install --no-install-recommends' });
        }
        if (/(^|&&|;)\s*cd\s/.test(step.command)) problems.push({ line: step.line, rule: 'DL3003', message: 'use WORKDIR instead of cd' });
      }
      if (step.kind === 'COPY') {
        if (step.from) {
          if (!names.has(step.from))
            problems.push({ line: step.line, rule: 'copy-from', message: `COPY --from=${step.from}: no earlier stage of that name` });
        } else {
          for (const src of step.sources) {
            if (!exists(src.replace(/^\.\//, '').replace(/\/$/, '') || '.'))
              problems.push({
                line: step.line,
                rule: 'copy-source',
                message: `COPY ${src}: not in the build context (missing or .dockerignore'd)`,
              });
          }
        }
      }
    }
    names.add(stage.name);
  }
  for (const target of RUNTIME_TARGETS) {
    const stage = stages.find((s) => s.name === target);
    if (!stage) {
      problems.push({ line: 1, rule: 'targets', message: `no '${target}' target` });
      continue;
    }
    const user = stage.user?.split(':')[0];
    if (!user || user === 'root' || user === '0')
      problems.push({ line: stage.line, rule: 'DL3002', message: `target ${target}: the last USER must not be root` });
    if (!stage.healthcheck) problems.push({ line: stage.line, rule: 'healthcheck', message: `target ${target}: no HEALTHCHECK` });
    if (!stage.cmd) problems.push({ line: stage.line, rule: 'cmd', message: `target ${target}: no CMD` });
    else if (stage.steps.some((s) => s.kind === 'OTHER' && s.keyword === 'CMD' && !jsonForm(s.args))) {
      problems.push({ line: stage.line, rule: 'DL3025', message: `target ${target}: CMD in JSON form (signals reach the process)` });
    }
    if (stage.steps.filter((s) => s.kind === 'OTHER' && s.keyword === 'CMD').length > 1)
      problems.push({ line: stage.line, rule: 'DL4003', message: `target ${target}: more than one CMD` });
    const env = stage.env;
    if (target !== 'web' && env.NODE_ENV !== 'production')
      problems.push({ line: stage.line, rule: 'node-env', message: `target ${target}: ENV NODE_ENV=production` });
  }
  return problems.sort((a, b) => a.line - b.line);
}
