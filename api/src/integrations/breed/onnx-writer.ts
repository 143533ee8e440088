import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A minimal protobuf encoder for the handful of ONNX messages a tiny image
 * classifier needs (ModelProto, GraphProto, NodeProto, TensorProto,
 * ValueInfoProto). Field numbers follow onnx/onnx.proto. Writing the bytes by
 * hand keeps the demo/test model generator free of network and heavy deps.
 */
type Field = Buffer;

function varint(value: number | bigint): Buffer {
  let v = BigInt(value);
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return Buffer.from(out);
}

const key = (field: number, wire: number) => varint((field << 3) | wire);
const int = (field: number, value: number): Field => Buffer.concat([key(field, 0), varint(value)]);
const bytes = (field: number, value: Buffer): Field => Buffer.concat([key(field, 2), varint(value.length), value]);
const str = (field: number, value: string): Field => bytes(field, Buffer.from(value, 'utf8'));
const msg = (field: number, ...parts: Field[]): Field => bytes(field, Buffer.concat(parts));

const FLOAT = 1;

function tensor(field: number, name: string, dims: number[], values: number[]): Field {
  const raw = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => raw.writeFloatLE(v, i * 4));
  return msg(field, ...dims.map((d) => int(1, d)), int(2, FLOAT), str(8, name), bytes(9, raw));
}

function valueInfo(field: number, name: string, dims: number[]): Field {
  const shape = msg(2, ...dims.map((d) => msg(1, int(1, d))));
  return msg(field, str(1, name), msg(2, msg(1, int(1, FLOAT), shape)));
}

const node = (inputs: string[], outputs: string[], opType: string): Field =>
  msg(1, ...inputs.map((i) => str(1, i)), ...outputs.map((o) => str(2, o)), str(3, opType.toLowerCase()), str(4, opType));

/** Mean/std the predictor normalises with (ImageNet, like most exported classifiers). */
export const IMAGENET_MEAN = [0.485, 0.456, 0.406] as const;
export const IMAGENET_STD = [0.229, 0.224, 0.225] as const;

/**
 * A colour classifier: input [1,3,size,size] → GlobalAveragePool → Flatten →
 * Gemm(3→3) → Softmax. Label 0 wins for red images, 1 for green, 2 for blue;
 * a mid-grey image scores all labels equally (1/3 each), the "unsure" case.
 */
export function colourClassifierModel(size = 32, sharpness = 3): Buffer {
  const grey = IMAGENET_MEAN.map((m, c) => (0.5 - m) / (IMAGENET_STD[c] ?? 1));
  const weights: number[] = [];
  for (let row = 0; row < 3; row += 1) for (let col = 0; col < 3; col += 1) weights.push(row === col ? sharpness : 0);
  const bias = grey.map((g) => -sharpness * g);
  const graph = Buffer.concat([
    node(['input'], ['pooled'], 'GlobalAveragePool'),
    node(['pooled'], ['flat'], 'Flatten'),
    node(['flat', 'W', 'B'], ['logits'], 'Gemm'),
    node(['logits'], ['probs'], 'Softmax'),
    str(2, 'colour-classifier'),
    tensor(5, 'W', [3, 3], weights),
    tensor(5, 'B', [3], bias),
    valueInfo(11, 'input', [1, 3, size, size]),
    valueInfo(12, 'probs', [1, 3]),
  ]);
  return Buffer.concat([int(1, 8), str(2, 'pawbridge-make-breed-model'), msg(7, graph), msg(8, str(1, ''), int(2, 13))]);
}

export const DEMO_BREED_LABELS = ['진돗개', '시바견', '푸들'] as const;

/** Writes `breed-model.onnx` and `breed-labels.txt` into `dir`; returns their paths. */
export async function writeColourClassifier(
  dir: string,
  labels: readonly string[] = DEMO_BREED_LABELS,
): Promise<{ modelPath: string; labelsPath: string }> {
  if (labels.length !== 3) throw new Error('the colour classifier has exactly three labels (red, green, blue)');
  await fs.mkdir(dir, { recursive: true });
  const modelPath = path.join(dir, 'breed-model.onnx');
  const labelsPath = path.join(dir, 'breed-labels.txt');
  await fs.writeFile(modelPath, colourClassifierModel());
  await fs.writeFile(labelsPath, `${labels.join('\n')}\n`);
  return { modelPath, labelsPath };
}
