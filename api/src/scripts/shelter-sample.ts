import fs from 'node:fs';
import path from 'node:path';
import { generateSample, sampleToText } from '../integrations/public-data/sample-generator';
import { SAMPLE_FILE } from '../integrations/public-data/standin';

// `npm run shelter:sample`: (re)write the deterministic sample the stand-in portal serves.
const text = sampleToText(generateSample());
fs.mkdirSync(path.dirname(SAMPLE_FILE), { recursive: true });
fs.writeFileSync(SAMPLE_FILE, text);
console.log(`wrote ${path.relative(process.cwd(), SAMPLE_FILE)} (${Math.round(text.length / 1024)} KB)`);
