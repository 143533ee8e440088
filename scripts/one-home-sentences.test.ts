import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Each Korean sentence lives in one place (docs/decisions/0028-one-home-per-rule.md): the web's
 * catalogue holds UI copy, shared/ the sentences a server puts on the wire, and a tier that needs
 * one of those imports it. This scan fails when the same sentence is written in the production
 * code of two workspaces, so a copy cannot creep back in.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const WORKSPACES = ['shared', 'server-kit', 'api', 'bff', 'web'] as const;

/** Tests, test kits and fixtures may repeat a sentence to assert it. */
const TEST_ONLY = /\.(test|suite|testing)\.tsx?$|test-kit|test-helpers|\.d\.ts$|(^|\/)(testing|fuzz)\//;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(d.name) ? [full] : [];
  });
}

const HANGUL = /[\uAC00-\uD7A3]/;
/** A sentence, not a word or a label: Hangul, more than one word, and a sentence-ending mark after Hangul. */
export const isSentence = (text: string): boolean => HANGUL.test(text) && /\s/.test(text.trim()) && /[\uAC00-\uD7A3][^\n]*[.?!]/.test(text);

/** Every string literal, template piece and JSX text of a file (comments are not literals, so they never count). */
export function literalsOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) out.push(node.text);
    else if (ts.isJsxText(node)) out.push(node.text.trim());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** sentence → workspace → files holding it. */
function sentencesByWorkspace(): Map<string, Map<string, string[]>> {
  const found = new Map<string, Map<string, string[]>>();
  for (const ws of WORKSPACES) {
    for (const file of sourceFiles(path.join(root, ws, 'src'))) {
      const rel = path.relative(root, file);
      if (TEST_ONLY.test(rel)) continue;
      for (const s of literalsOf(file, fs.readFileSync(file, 'utf8'))) {
        if (!isSentence(s)) continue;
        const byWs = found.get(s) ?? new Map<string, string[]>();
        byWs.set(ws, [...(byWs.get(ws) ?? []), rel]);
        found.set(s, byWs);
      }
    }
  }
  return found;
}

describe('one home per Korean sentence', () => {
  it('tells sentences from words and labels', () => {
    expect(isSentence('로그인이 필요합니다.')).toBe(true);
    expect(isSentence('전화번호 형식이 올바르지 않습니다. (예: 010-1234-5678)')).toBe(true);
    expect(isSentence('입양 신청')).toBe(false);
    expect(isSentence('서울특별시')).toBe(false);
    expect(isSentence('Hello, world.')).toBe(false);
  });

  it('finds literals, template pieces and JSX text but not comments', () => {
    const code = "// 주석은 문장이 아닙니다.\nconst a = '하나 둘.';\nconst b = `셋 ${a} 넷.`;\nconst c = <p>다섯 여섯.</p>;";
    expect(literalsOf('x.tsx', code)).toEqual(['하나 둘.', '셋 ', ' 넷.', '다섯 여섯.']);
  });

  it('no Korean sentence is written in the production code of two workspaces', () => {
    const copies = [...sentencesByWorkspace()]
      .filter(([, byWs]) => byWs.size > 1)
      .map(([sentence, byWs]) => `${sentence} — ${[...byWs.values()].flat().join(', ')}`);
    expect(copies).toEqual([]);
  });
});
