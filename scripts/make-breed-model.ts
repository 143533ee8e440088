// Generates a tiny, valid ONNX image classifier (colour → label) plus its labels
// file, with no network: `npx tsx scripts/make-breed-model.ts [outDir]`.
// Then run the api with BREED_MODEL_PATH=<outDir>/breed-model.onnx and
// BREED_LABELS_PATH=<outDir>/breed-labels.txt. Red photos predict the first
// label, green the second, blue the third; grey/mixed photos are "unsure".
import path from 'node:path';
import { writeColourClassifier } from '@pawbridge/api/testing/breed-model';

const outDir = path.resolve(process.argv[2] ?? 'data/breed-model');
const files = await writeColourClassifier(outDir);
console.log(`BREED_MODEL_PATH=${files.modelPath}`);
console.log(`BREED_LABELS_PATH=${files.labelsPath}`);
