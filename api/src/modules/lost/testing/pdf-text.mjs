// Reads page 1's text of the PDF at argv[2] with pdfjs-dist and prints {pages, text} as JSON.
// A child process on purpose: pdfjs's legacy build installs core-js polyfills on the global
// object, which leaked into other test files sharing the worker (isolate: false) and broke the
// socket.io v2 client of the dashboard-socket tests.
import fs from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const bytes = new Uint8Array(fs.readFileSync(process.argv[2]));
const pdf = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
const page = await pdf.getPage(1);
const content = await page.getTextContent();
const text = content.items.map((i) => ('str' in i ? i.str : '')).join('\n');
process.stdout.write(JSON.stringify({ pages: pdf.numPages, text }));
await pdf.destroy();
