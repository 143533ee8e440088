import PDFDocument from 'pdfkit';
import type { FlyerContent } from './lost.flyer';
import { FLYER_FONT_FILES } from './lost.flyer.font';
import { FLYER_WORDS, LOST_SCAM_WARNING, flyerReward } from './lost.flyer.words';

const A4 = { width: 595.28, height: 841.89 };
const M = 36;
const W = A4.width - 2 * M;
const RED = '#C62828';
const INK = '#1F2328';
const GREY = '#59636E';

/**
 * The A4 flyer (pdfkit, decision 0038): heading band, large photo, name, the dog in one line, the facts,
 * the reward with its warning, the contact line the owner chose and a QR code to the post. Pretendard is
 * embedded as a subset (only the glyphs used), so Hangul prints the same everywhere.
 */
export function renderFlyerPdf(c: FlyerContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    lang: 'ko-KR',
    info: { Title: `${FLYER_WORDS.heading} — ${c.name}`, Author: FLYER_WORDS.brand, Subject: c.url, Creator: 'Pawbridge' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FLYER_FONT_FILES.regular);
  doc.registerFont('bold', FLYER_FONT_FILES.bold);
  doc.registerFont('black', FLYER_FONT_FILES.black);

  // Heading band.
  doc.rect(0, 0, A4.width, 104).fill(RED);
  doc.font('black').fontSize(56).fillColor('#FFFFFF').text(FLYER_WORDS.heading, M, 18, { width: W, align: 'center', lineBreak: false });

  // Photo, large, cut to its box.
  const photo = { x: M, y: 118, w: W, h: 262 };
  doc.save().roundedRect(photo.x, photo.y, photo.w, photo.h, 10).clip();
  if (c.photo) doc.image(c.photo, photo.x, photo.y, { width: photo.w, height: photo.h });
  else doc.rect(photo.x, photo.y, photo.w, photo.h).fill('#EEF0F2');
  doc.restore();

  // Name and the dog in one line.
  let y = photo.y + photo.h + 14;
  doc.font('black').fontSize(34).fillColor(INK).text(c.name, M, y, { width: W, lineBreak: false, ellipsis: true, height: 42 });
  y += 42;
  if (c.dogLine) {
    doc.font('bold').fontSize(17).fillColor(GREY).text(c.dogLine, M, y, { width: W, lineBreak: false, ellipsis: true, height: 22 });
    y += 28;
  }

  // The facts, one labelled row each, each capped so the bottom block always fits.
  const rows: [string, string | null, number][] = [
    [FLYER_WORDS.lastSeen, c.place, 2],
    [FLYER_WORDS.lastSeenAt, c.date, 1],
    [FLYER_WORDS.colour, c.colour, 1],
    [FLYER_WORDS.features, c.features, 3],
    [FLYER_WORDS.onSight, c.onSight, 2],
  ];
  const labelW = 104;
  const bottomTop = A4.height - M - 120;
  const rewardH = c.reward ? 54 : 0;
  const size = 12.5;
  const lineH = 17;
  for (const [label, value, lines] of rows) {
    if (!value) continue;
    const room = bottomTop - rewardH - 10 - y;
    const cap = Math.min(lines * lineH, room);
    if (cap < lineH) break;
    doc.font('regular').fontSize(size);
    const h = Math.min(doc.heightOfString(value, { width: W - labelW, lineGap: 1.5 }), cap);
    doc
      .font('bold')
      .fontSize(13.5)
      .fillColor(GREY)
      .text(label, M, y, { width: labelW - 8, lineBreak: false });
    doc
      .font('regular')
      .fontSize(13.5)
      .fillColor(INK)
      .text(value, M + labelW, y, { width: W - labelW, height: cap, ellipsis: true, lineGap: 1.5 });
    y += h + 7;
  }

  // Reward, always with the warning (a common scam asks for money before the dog is seen).
  if (c.reward) {
    const ry = bottomTop - rewardH - 6;
    doc.roundedRect(M, ry, W, rewardH - 4, 8).fill('#FFF4CC');
    doc
      .font('black')
      .fontSize(19)
      .fillColor(INK)
      .text(`${FLYER_WORDS.reward} ${flyerReward(c.reward)}`, M + 14, ry + 7, { width: W - 28, lineBreak: false });
    doc
      .font('regular')
      .fontSize(11)
      .fillColor('#7A4B00')
      .text(LOST_SCAM_WARNING, M + 14, ry + 32, { width: W - 28, lineBreak: false, ellipsis: true });
  }

  // Contact line and QR code.
  doc
    .moveTo(M, bottomTop)
    .lineTo(A4.width - M, bottomTop)
    .lineWidth(1)
    .strokeColor('#D0D7DE')
    .stroke();
  const qrSize = 112;
  const qrX = A4.width - M - qrSize;
  const qrY = bottomTop + 10;
  drawQr(doc, c.qr, qrX, qrY, qrSize);
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(GREY)
    .text(FLYER_WORDS.qrCaption, qrX - 20, qrY + qrSize + 2, { width: qrSize + 40, align: 'center' });
  const textW = qrX - M - 16;
  let cy = bottomTop + 16;
  if (c.phone) {
    doc.font('black').fontSize(26).fillColor(RED).text(`${FLYER_WORDS.phone} ${c.phone}`, M, cy, { width: textW, lineBreak: false });
    cy += 38;
  }
  doc
    .font(c.phone ? 'bold' : 'black')
    .fontSize(c.phone ? 15 : 24)
    .fillColor(c.phone ? INK : RED)
    .text(FLYER_WORDS.relay, M, cy, { width: textW, lineBreak: false });
  cy += c.phone ? 22 : 34;
  doc.font('bold').fontSize(13).fillColor(INK).text(c.url, M, cy, { width: textW, link: c.url, lineBreak: false, ellipsis: true });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text(FLYER_WORDS.brand, M, A4.height - M - 10, { width: textW, lineBreak: false });

  doc.end();
  return done;
}

/** The QR code as vector squares (sharp at any print size), with a quiet zone of two modules. */
function drawQr(doc: PDFKit.PDFDocument, qr: FlyerContent['qr'], x: number, y: number, size: number): void {
  const n = qr.size + 4;
  const cell = size / n;
  doc.rect(x, y, size, size).fill('#FFFFFF');
  for (let r = 0; r < qr.size; r += 1)
    for (let col = 0; col < qr.size; col += 1)
      if (qr.get(r, col)) doc.rect(x + (col + 2) * cell, y + (r + 2) * cell, cell + 0.01, cell + 0.01);
  doc.fill('#000000');
}
