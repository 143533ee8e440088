import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The flyer's Korean font: Pretendard (SIL Open Font License, the web's own typeface, from npm), read from
 * the package's files so neither the PDF nor the square image depends on fonts installed on the server.
 * The PDF embeds a subset (pdfkit keeps only the glyphs used); the square image draws glyph outlines.
 */
const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('pretendard/package.json')), 'dist/public/static/alternative');

export const FLYER_FONT_FILES = {
  regular: path.join(dir, 'Pretendard-Regular.ttf'),
  bold: path.join(dir, 'Pretendard-Bold.ttf'),
  black: path.join(dir, 'Pretendard-ExtraBold.ttf'),
} as const;
export type FlyerWeight = keyof typeof FLYER_FONT_FILES;

const opened = new Map<FlyerWeight, fontkit.Font>();

export function flyerFont(weight: FlyerWeight): fontkit.Font {
  let font = opened.get(weight);
  if (!font) {
    font = fontkit.openSync(FLYER_FONT_FILES[weight]) as fontkit.Font;
    opened.set(weight, font);
  }
  return font;
}

/** The width of `text` at `size` px. */
export function textWidth(weight: FlyerWeight, text: string, size: number): number {
  const font = flyerFont(weight);
  return (font.layout(text).advanceWidth * size) / font.unitsPerEm;
}

/** `text` broken into at most `maxLines` lines of `width` px (Hangul may break between syllables); the last one ends in … when cut. */
export function wrapText(weight: FlyerWeight, text: string, size: number, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  for (let i = 0; i < chars.length; i += 1) {
    const next = line + chars[i];
    if (textWidth(weight, next, size) <= width) {
      line = next;
      continue;
    }
    if (lines.length === maxLines - 1) {
      while (line && textWidth(weight, `${line}…`, size) > width) line = line.slice(0, -1);
      lines.push(`${line.trimEnd()}…`);
      return lines;
    }
    // Break at the last space when the line has one, else between characters.
    const cut = line.lastIndexOf(' ');
    if (cut > 0 && chars[i] !== ' ') {
      lines.push(line.slice(0, cut));
      line = line.slice(cut + 1) + chars[i];
    } else {
      lines.push(line.trimEnd());
      line = chars[i] === ' ' ? '' : chars[i]!;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * `text` as SVG outlines (one <path>), its baseline starting at (x, y), `size` px high, so the image never
 * shows empty boxes whatever fonts the server has. `anchor` middle centres it on x.
 */
export function svgText(
  weight: FlyerWeight,
  text: string,
  x: number,
  y: number,
  size: number,
  fill: string,
  anchor: 'start' | 'middle' = 'start',
): string {
  const font = flyerFont(weight);
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  const left = anchor === 'middle' ? x - (run.advanceWidth * scale) / 2 : x;
  let pen = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i]!;
    const d = glyph.path.toSVG();
    if (d) parts.push(`<path transform="translate(${(pen + pos.xOffset) * scale},0) scale(${scale},${-scale})" d="${d}"/>`);
    pen += pos.xAdvance;
  });
  return `<g fill="${fill}" transform="translate(${left},${y})">${parts.join('')}</g>`;
}
