import sharp from 'sharp';
import type { FlyerContent } from './lost.flyer';
import { svgText, wrapText, type FlyerWeight } from './lost.flyer.font';
import { FLYER_WORDS, LOST_SCAM_WARNING, flyerReward } from './lost.flyer.words';

export const SQUARE_SIZE = 1080;
const M = 60;
const RED = '#C62828';
const INK = '#1F2328';
const GREY = '#59636E';

/**
 * The 1:1 image for messengers (1080×1080 PNG, decision 0038): the flyer's heading, photo, name, place,
 * date, reward and contact line, and its QR code. Composed as SVG with every letter drawn as an outline
 * (lost.flyer.font.ts), then rendered by sharp: no font on the server is needed, no empty boxes.
 */
export async function renderFlyerSquare(c: FlyerContent): Promise<Buffer> {
  const parts: string[] = [];
  const text = (weight: FlyerWeight, s: string, x: number, y: number, size: number, fill: string, anchor?: 'middle') =>
    parts.push(svgText(weight, s, x, y, size, fill, anchor));
  const line = (weight: FlyerWeight, s: string, size: number, width: number) => wrapText(weight, s, size, width, 1)[0] ?? '';

  parts.push(`<rect width="${SQUARE_SIZE}" height="${SQUARE_SIZE}" fill="#FFFFFF"/>`);
  parts.push(`<rect width="${SQUARE_SIZE}" height="160" fill="${RED}"/>`);
  text('black', FLYER_WORDS.heading, SQUARE_SIZE / 2, 112, 84, '#FFFFFF', 'middle');

  const photo = { x: M, y: 190, w: SQUARE_SIZE - 2 * M, h: 430 };
  parts.push(`<clipPath id="p"><rect x="${photo.x}" y="${photo.y}" width="${photo.w}" height="${photo.h}" rx="24"/></clipPath>`);
  parts.push(
    c.photo
      ? `<image x="${photo.x}" y="${photo.y}" width="${photo.w}" height="${photo.h}" preserveAspectRatio="xMidYMid slice" clip-path="url(#p)" href="data:image/jpeg;base64,${c.photo.toString('base64')}"/>`
      : `<rect x="${photo.x}" y="${photo.y}" width="${photo.w}" height="${photo.h}" rx="24" fill="#EEF0F2"/>`,
  );

  // Left column beside the QR code.
  const qrSize = 200;
  const qrX = SQUARE_SIZE - M - qrSize;
  const qrY = SQUARE_SIZE - M - qrSize - 10;
  const colW = qrX - M - 30;
  let y = 700;
  text('black', line('black', c.name, 64, SQUARE_SIZE - 2 * M), M, y, 64, INK);
  if (c.dogLine) text('bold', line('bold', c.dogLine, 32, colW), M, (y += 52), 32, GREY);
  text('bold', line('bold', c.place, 32, colW), M, (y += 56), 32, INK);
  text('regular', line('regular', c.date, 30, colW), M, (y += 46), 30, INK);
  if (c.reward) {
    text('black', line('black', `${FLYER_WORDS.reward} ${flyerReward(c.reward)}`, 32, colW), M, (y += 50), 32, RED);
    text('regular', line('regular', LOST_SCAM_WARNING, 20, colW), M, y + 32, 20, GREY);
  }
  const contact = c.phone ? `${FLYER_WORDS.phone} ${c.phone}` : FLYER_WORDS.relay;
  text('black', line('black', contact, 34, colW), M, SQUARE_SIZE - M - 8, 34, RED);
  if (!c.phone) text('bold', line('bold', c.url, 22, colW), M, SQUARE_SIZE - M + 26, 22, INK);

  // QR code with a quiet zone.
  const cell = qrSize / (c.qr.size + 4);
  const cells: string[] = [];
  for (let r = 0; r < c.qr.size; r += 1)
    for (let col = 0; col < c.qr.size; col += 1)
      if (c.qr.get(r, col)) cells.push(`M${qrX + (col + 2) * cell} ${qrY + (r + 2) * cell}h${cell}v${cell}h${-cell}z`);
  parts.push(`<rect x="${qrX}" y="${qrY}" width="${qrSize}" height="${qrSize}" fill="#FFFFFF" stroke="#D0D7DE"/>`);
  parts.push(`<path fill="#000000" shape-rendering="crispEdges" d="${cells.join('')}"/>`);
  text('regular', FLYER_WORDS.qrCaption, qrX + qrSize / 2, SQUARE_SIZE - M + 22, 18, GREY, 'middle');

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SQUARE_SIZE}" height="${SQUARE_SIZE}" viewBox="0 0 ${SQUARE_SIZE} ${SQUARE_SIZE}">${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 8 }).toBuffer();
}
