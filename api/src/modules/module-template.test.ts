import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The module template (docs/decisions/0013-api-module-template-and-events.md),
 * checked on the source: routes speak HTTP only, services take plain values,
 * repositories are the only Kysely code, uploads go through lib/multipart.
 * (Cross-module imports of repositories, tables and routes are refused by
 * eslint/boundaries.js.)
 */
const here = path.dirname(new URL(import.meta.url).pathname);
const modules = fs
  .readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Modules still being moved onto the template by their owners, per rule; remove a name once it follows the rule. */
const PENDING: Record<string, readonly string[]> = {};

const sources = (mod: string) =>
  fs
    .readdirSync(path.join(here, mod))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('test-helpers'))
    .map((f) => ({ file: `${mod}/${f}`, name: f, text: fs.readFileSync(path.join(here, mod, f), 'utf8') }));

const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`|from 'kysely'/;
/** Files allowed to hold Kysely: repositories, table types, the session store adapter and demo-data seeders. */
const mayQuery = (name: string) => /\.(repository|tables)\.ts$|-store\.ts$|^demo-/.test(name);

function offenders(rule: string, test: (f: { name: string; text: string }) => boolean): string[] {
  return modules
    .filter((m) => !(PENDING[rule] ?? []).includes(m))
    .flatMap((m) =>
      sources(m)
        .filter(test)
        .map((f) => f.file),
    );
}

describe('api module template', () => {
  it('routes without SQL: routes never build queries or touch ctx.db', () => {
    expect(
      offenders('routes without SQL', (f) => f.name.endsWith('.routes.ts') && (QUERY.test(f.text) || /\bctx\.db\b/.test(f.text))),
    ).toEqual([]);
  });

  it('only repositories (and table types, the session store, demo seeders) hold Kysely code', () => {
    expect(offenders('only repositories query', (f) => !f.name.endsWith('.routes.ts') && !mayQuery(f.name) && QUERY.test(f.text))).toEqual(
      [],
    );
  });

  it('services and repositories never see an HTTP request or reply', () => {
    expect(
      offenders('plain values in services', (f) => /\.(service|repository)\.ts$/.test(f.name) && /\bFastify(Request|Reply)\b/.test(f.text)),
    ).toEqual([]);
  });

  it('one multipart reader: no module reads multipart parts itself', () => {
    expect(offenders('one multipart reader', (f) => /\.parts\(\)|\.file\(\)|isMultipart\(\)/.test(f.text))).toEqual([]);
  });
});
