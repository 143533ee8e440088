import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The decision-record index and its links stay whole (docs/decisions/README.md, TEMPLATE.md). */
const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../docs/decisions');
const records = fs.readdirSync(dir).filter((f) => /^\d{4}-.+\.md$/.test(f));
const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');

describe('decision records', () => {
  it('the README indexes every record', () => {
    const index = read('README.md');
    expect(records.filter((f) => !index.includes(`(${f})`))).toEqual([]);
  });

  it('every link between records points to a record that exists', () => {
    const broken = ['README.md', 'TEMPLATE.md', ...records].flatMap((f) =>
      [...read(f).matchAll(/\]\((\d{4}-[^)#]+\.md)/g)]
        .map((m) => m[1]!)
        .filter((target) => !records.includes(target))
        .map((t) => `${f} → ${t}`),
    );
    expect(broken).toEqual([]);
  });

  it('a record that supersedes another is linked back from it', () => {
    const missing = records.flatMap((f) => {
      const line = /^Supersedes:(.*)$/m.exec(read(f))?.[1] ?? '';
      return [...line.matchAll(/\((\d{4}-[^)]+\.md)\)/g)]
        .map((m) => m[1]!)
        .filter((old) => !new RegExp(`^Superseded by:.*\\(${f.replace('.', '\\.')}\\)`, 'm').test(read(old)))
        .map((old) => `${old} should say "Superseded by: [..](${f})"`);
    });
    expect(missing).toEqual([]);
  });
});
