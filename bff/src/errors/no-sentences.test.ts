import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One source of user-facing words (docs/decisions/0015): BFF code writes no
 * Korean sentence. Messages come from the shared tables by code or reason;
 * Korean may stand only in OpenAPI docs (`summary`, `description`, or a `*_DOC`
 * constant they use), in regular expressions that read the upstream's own
 * answers, and in the data fallbacks listed here.
 */
const SRC = path.resolve(__dirname, '..');
const HANGUL = /[\uAC00-\uD7A3]/;
const DATA_FALLBACKS = [
  // A stray's name where the legacy has none: contract data shown as a name, not a message.
  { file: 'normalisers/stray.normaliser.ts', text: '유기견 #' },
  { file: 'normalisers/adoption.normaliser.ts', text: '유기견' },
  { file: 'normalisers/donation.normaliser.ts', text: '유기견' },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    // testing/ and fuzz/ are test-only code: their Korean is test data (a dog's name), never a message.
    if (e.isDirectory()) return e.name === 'testing' || e.name === 'fuzz' ? [] : sourceFiles(full);
    return /\.ts$/.test(e.name) && !/\.(test|suite)\.ts$|\.d\.ts$/.test(e.name) ? [full] : [];
  });
}

function isDoc(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && (n.name.text === 'summary' || n.name.text === 'description')) return true;
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && /_DOC$/.test(n.name.text)) return true;
  }
  return false;
}

function koreanLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const rel = path.relative(SRC, file).replaceAll(path.sep, '/');
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) &&
      HANGUL.test(node.text)
    ) {
      const allowed = isDoc(node) || DATA_FALLBACKS.some((d) => d.file === rel && node.text.startsWith(d.text));
      if (!allowed) found.push(`${rel}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('user-facing words', () => {
  it('no Korean sentence is written in BFF code outside OpenAPI docs (messages come from the shared tables)', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap(koreanLiterals)).toEqual([]);
  });
});
