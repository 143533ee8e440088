import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** Every character the UI itself can show: the message catalogue, ASCII and common punctuation. */
export function uiCharacters(messagesDir: string): string {
  const chars = new Set<string>();
  for (let c = 0x20; c < 0x7f; c += 1) chars.add(String.fromCharCode(c));
  for (const c of '·…‘’“”–—₩°×※→←↑↓✓') chars.add(c);
  for (const file of fs.readdirSync(messagesDir)) {
    if (!/\.tsx?$/.test(file) || file.includes('.test.')) continue;
    for (const c of fs.readFileSync(path.join(messagesDir, file), 'utf8')) if (c.codePointAt(0)! >= 0x80) chars.add(c);
  }
  return [...chars].sort().join('');
}

/** CSS unicode-range for exactly these characters (merged into runs). */
export function unicodeRange(text: string): string {
  const cps = [...new Set([...text].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < cps.length;) {
    let j = i;
    while (j + 1 < cps.length && cps[j + 1] === cps[j]! + 1) j += 1;
    const hex = (n: number) => n.toString(16).toUpperCase();
    runs.push(i === j ? `U+${hex(cps[i]!)}` : `U+${hex(cps[i]!)}-${hex(cps[j]!)}`);
    i = j + 1;
  }
  return runs.join(',');
}

/**
 * Build-time font subset: one small Pretendard file with exactly the UI's
 * glyphs (all weights, it is the variable font), preloaded from index.html,
 * so a first visit paints the interface with one font request instead of
 * seven. Text the UI does not know (names, descriptions) still uses the full
 * dynamic-subset Pretendard, which the browser fetches only for the glyphs it needs.
 * `font-display: optional` (issue 26): the server-rendered page paints before the font has
 * arrived, and a swap would reflow every line (measured: the home hero and the header moved,
 * CLS 0.012). Preloaded, the font is used when it comes within the first frame's short block
 * period (a cached or fast visit); otherwise that page keeps the system font, never shifting.
 */
export function uiFontPlugin(messagesDir: string): Plugin {
  let href = '';
  let css = '';
  return {
    name: 'pawbridge-ui-font',
    apply: 'build',
    async buildStart() {
      const text = uiCharacters(messagesDir);
      const source = fs.readFileSync(require.resolve('pretendard/dist/web/variable/woff2/PretendardVariable.woff2'));
      const font = await subsetFont(source, text, { targetFormat: 'woff2', variationAxes: { wght: { min: 400, max: 800, default: 400 } } });
      const ref = this.emitFile({ type: 'asset', name: 'pretendard-ui.woff2', source: font });
      href = `__PB_UI_FONT_${ref}__`;
      css = `@font-face{font-family:'Pretendard UI';font-style:normal;font-weight:400 800;font-display:optional;src:url(${href}) format('woff2-variations'),url(${href}) format('woff2');unicode-range:${unicodeRange(text)}}`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const ref = href.slice('__PB_UI_FONT_'.length, -2);
        const file = `/${Object.values(ctx.bundle).find((a) => a.type === 'asset' && (a as { names?: string[] }).names?.includes('pretendard-ui.woff2'))?.fileName ?? ref}`;
        return {
          html,
          tags: [
            { tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: file, crossorigin: '' }, injectTo: 'head' },
            { tag: 'style', children: css.replaceAll(href, file), injectTo: 'head' },
          ],
        };
      },
    },
  };
}
