import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 24 item 6: the README's by-hand path says `set -a && . ./.env && set +a` after copying
// .env.example; lines with unquoted spaces broke it. Checked with bash itself, as is and with every
// example value switched on.
const root = path.resolve(import.meta.dirname, '..');
const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');

/** Sources `text` with `set -a` in a clean bash; the variables it defined (NUL-separated env), or bash's complaint. */
function source(text: string): { status: number | null; env: Record<string, string>; stderr: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-env-'));
  const file = path.join(dir, '.env');
  fs.writeFileSync(file, text);
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', 'set -euo pipefail; set -a && . ./.env && set +a; env -0'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    encoding: 'utf8',
  });
  fs.rmSync(dir, { recursive: true, force: true });
  const env: Record<string, string> = {};
  for (const pair of (r.stdout ?? '').split('\0')) {
    const eq = pair.indexOf('=');
    if (eq > 0) env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { status: r.status, env, stderr: r.stderr };
}

describe('.env.example in bash (the README production path)', () => {
  it('sources as it is', () => {
    const r = source(example);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.env.NODE_ENV).toBe('development');
  });

  it('sources with every commented example value switched on, values with spaces intact', () => {
    const on = example.replace(/^# ([A-Z][A-Z0-9_]*=)/gm, '$1');
    const r = source(on);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.env.MAIL_FROM).toBe('포브리지 <no-reply@pawbridge.example>');
    expect(r.env.SHELTER_SYNC_CRON).toBe('17 */3 * * *');
    expect(r.env.METRICS_PORT).toBe('9464');
  });

  it("names in .env.example every variable the README's by-hand commands set", () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const block = /### By hand, with nginx[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(block).toContain('set -a && . ./.env && set +a');
    expect(block).toContain('rm -f /etc/nginx/sites-enabled/default');
    const names = new Set([...block.matchAll(/\b([A-Z][A-Z0-9_]{2,})=/g)].map((m) => m[1] as string));
    expect(names.size).toBeGreaterThan(5);
    for (const name of names) expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});
