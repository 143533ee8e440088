// deploy/compose.yaml kept honest without docker: the services ops expect, build targets that exist
// in the Dockerfile, every ${VAR} documented in .env.example, healthchecks behind every
// `service_healthy`, and mounted files that exist. Pure apart from `exists`.
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import type { Stage } from './dockerfile';

const DependsOn = z.union([
  z.array(z.string()),
  z.record(
    z.string(),
    z.object({ condition: z.enum(['service_started', 'service_healthy', 'service_completed_successfully']) }).passthrough(),
  ),
]);
const Service = z
  .object({
    image: z.string().optional(),
    build: z
      .object({ context: z.string(), dockerfile: z.string().default('Dockerfile'), target: z.string().optional() })
      .passthrough()
      .optional(),
    environment: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    env_file: z.array(z.union([z.string(), z.object({ path: z.string(), required: z.boolean().optional() })])).optional(),
    healthcheck: z
      .object({ test: z.union([z.string(), z.array(z.string())]), disable: z.boolean().optional() })
      .passthrough()
      .optional(),
    depends_on: DependsOn.optional(),
    volumes: z.array(z.string()).optional(),
    networks: z.unknown().optional(),
  })
  .passthrough();
const ComposeFile = z
  .object({ services: z.record(z.string(), Service), volumes: z.record(z.string(), z.unknown().nullable()).optional() })
  .passthrough();

/** The production-shaped stack: each tier and how many instances of it (issue 16). */
export const REQUIRED_SERVICES: Record<string, number> = { postgres: 1, redis: 1, api: 2, bff: 2, web: 1, nginx: 1 };

/** Names defined in .env.example, set (`X=`) or documented commented out (`# X=`). */
export function envExampleNames(text: string): Set<string> {
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? ''));
}

/** `${VAR}`, `${VAR:-x}`, `${VAR:?x}`, `$VAR` (not the `$$` escape). */
export function composeVariables(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/(\$+)\{?([A-Za-z_][A-Za-z0-9_]*)/g)) if ((m[1] ?? '').length % 2 === 1) out.add(m[2] ?? '');
  return out;
}

export interface ComposeInput {
  composeText: string;
  /** The compose file's folder, relative to the repository root (deploy). */
  composeDir: string;
  stages: Stage[];
  envExample: string;
  exists: (repoPath: string) => boolean;
}

export function checkCompose(input: ComposeInput): { problems: string[]; services: string[] } {
  const problems: string[] = [];
  let doc: z.infer<typeof ComposeFile>;
  try {
    doc = ComposeFile.parse(parse(input.composeText, { merge: true }));
  } catch (err) {
    return { problems: [`compose.yaml does not parse: ${(err as Error).message.split('\n')[0]}`], services: [] };
  }
  const services = doc.services;
  const names = Object.keys(services);
  const stageByName = new Map(input.stages.map((s) => [s.name, s]));
  const repoPath = (p: string) => path.posix.normalize(path.posix.join(input.composeDir, p));

  for (const [tier, count] of Object.entries(REQUIRED_SERVICES)) {
    const instances = names.filter((n) => n === tier || n.startsWith(`${tier}-`));
    if (instances.length < count) problems.push(`${tier}: ${instances.length} service(s), the stack needs ${count}`);
  }

  const documented = envExampleNames(input.envExample);
  for (const v of composeVariables(input.composeText)) if (!documented.has(v)) problems.push(`\${${v}} is used but not in .env.example`);

  const healthy = (name: string): boolean => {
    const s = services[name];
    if (!s) return false;
    if (s.healthcheck) return !s.healthcheck.disable;
    const target = s.build?.target;
    return Boolean(target && stageByName.get(target)?.healthcheck);
  };

  for (const [name, s] of Object.entries(services)) {
    if (!s.image && !s.build) problems.push(`${name}: neither image nor build`);
    if (s.build) {
      if (!s.build.target) problems.push(`${name}: build without a target`);
      else if (!stageByName.has(s.build.target)) problems.push(`${name}: build target '${s.build.target}' is not a Dockerfile stage`);
      if (!input.exists(path.posix.join(repoPath(s.build.context), s.build.dockerfile)))
        problems.push(`${name}: ${s.build.dockerfile} not found in the build context`);
    }
    if (s.image && !s.build) {
      const tag = /:([^/@]+)$/.exec(s.image)?.[1];
      if (!tag || tag === 'latest' || !/\d+\.\d+/.test(tag)) problems.push(`${name}: image ${s.image} is not pinned to a version`);
    }
    if (!healthy(name)) problems.push(`${name}: no healthcheck (compose or the Dockerfile target's HEALTHCHECK)`);
    const deps = Array.isArray(s.depends_on)
      ? Object.fromEntries(s.depends_on.map((d) => [d, { condition: 'service_started' }]))
      : (s.depends_on ?? {});
    for (const [dep, { condition }] of Object.entries(deps)) {
      if (!services[dep]) problems.push(`${name}: depends on unknown service ${dep}`);
      else if (condition === 'service_healthy' && !healthy(dep))
        problems.push(`${name}: waits for ${dep} to be healthy, which has no healthcheck`);
      else if (condition !== 'service_healthy') problems.push(`${name}: depends_on ${dep} without condition: service_healthy`);
    }
    for (const f of s.env_file ?? []) {
      const file = typeof f === 'string' ? f : f.path;
      if (repoPath(file) !== '.env') problems.push(`${name}: env_file ${file} (the operator's settings are the repository's .env)`);
    }
    for (const v of s.volumes ?? []) {
      const [source] = v.split(':');
      if (source && (source.startsWith('.') || source.startsWith('/'))) {
        if (!input.exists(repoPath(source))) problems.push(`${name}: mounts ${source}, which does not exist`);
      } else if (source && !(doc.volumes && source in doc.volumes)) problems.push(`${name}: volume ${source} is not declared`);
    }
  }

  // Cycles would keep `up` waiting forever.
  const visiting = new Set<string>();
  const visited = new Set<string>();
  const visit = (n: string, trail: string[]) => {
    if (visiting.has(n)) problems.push(`depends_on cycle: ${[...trail, n].join(' → ')}`);
    if (visiting.has(n) || visited.has(n)) return;
    visiting.add(n);
    const d = services[n]?.depends_on;
    for (const dep of Array.isArray(d) ? d : Object.keys(d ?? {})) visit(dep, [...trail, n]);
    visiting.delete(n);
    visited.add(n);
  };
  for (const n of names) visit(n, []);
  return { problems, services: names };
}
