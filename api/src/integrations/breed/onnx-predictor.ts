import fs from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { imageInput } from './image-input';
import { PredictionFailedError, topOne, type BreedPredictor, type BreedResult } from './prediction';

export interface OnnxPredictorOptions {
  modelPath: string;
  /** One label per line, or a JSON array; defaults to `<model>.labels.txt`. */
  labelsPath: string | undefined;
  minConfidence: number;
}

interface Loaded {
  session: ort.InferenceSession;
  labels: string[];
  inputName: string;
  outputName: string;
  height: number;
  width: number;
}

const DEFAULT_SIZE = 224;

export async function readLabels(file: string): Promise<string[]> {
  const text = (await fs.readFile(file, 'utf8')).trim();
  if (text.startsWith('[')) return (JSON.parse(text) as unknown[]).map(String);
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Softmax unless the model already outputs probabilities (a sum of ~1 in [0,1]). */
function probabilities(values: Float32Array): Float32Array {
  let sum = 0;
  let inRange = true;
  for (const v of values) {
    sum += v;
    if (v < 0 || v > 1) inRange = false;
  }
  if (inRange && Math.abs(sum - 1) < 1e-3) return values;
  const max = Math.max(...values);
  const exps = values.map((v) => Math.exp(v - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/**
 * Runs an ONNX image classifier in-process: sharp decodes and resizes to the
 * model's input (RGB, fill), pixels are scaled to [0,1] and normalised with the
 * ImageNet mean/std into an NCHW float32 tensor; top-1 with a threshold.
 */
export class OnnxPredictor implements BreedPredictor {
  private loaded: Promise<Loaded> | null = null;

  constructor(private readonly options: OnnxPredictorOptions) {}

  private load(): Promise<Loaded> {
    this.loaded ??= (async () => {
      const session = await ort.InferenceSession.create(this.options.modelPath);
      const labels = await readLabels(this.options.labelsPath ?? this.options.modelPath.replace(/\.onnx$/, '.labels.txt'));
      const meta = session.inputMetadata[0];
      const dims = meta && meta.isTensor ? meta.shape : [];
      const size = (d: unknown) => (typeof d === 'number' && d > 0 ? d : DEFAULT_SIZE);
      const inputName = session.inputNames[0];
      const outputName = session.outputNames[0];
      if (!inputName || !outputName) throw new PredictionFailedError('the model has no input or output');
      return { session, labels, inputName, outputName, height: size(dims[2]), width: size(dims[3]) };
    })();
    this.loaded.catch(() => {
      this.loaded = null;
    });
    return this.loaded;
  }

  /** A model file that is missing or broken makes every prediction fail: say so up front. */
  available(): Promise<boolean> {
    return this.load().then(
      () => true,
      () => false,
    );
  }

  async predict(image: Buffer): Promise<BreedResult> {
    let model: Loaded;
    try {
      model = await this.load();
    } catch (err) {
      throw new PredictionFailedError(`could not load the breed model: ${(err as Error).message}`);
    }
    const { height, width } = model;
    const input = await imageInput(image, width, height);
    try {
      const out = await model.session.run({ [model.inputName]: new ort.Tensor('float32', input, [1, 3, height, width]) });
      const scores = out[model.outputName]?.data;
      if (!(scores instanceof Float32Array)) throw new Error('unexpected output type');
      return topOne(model.labels, probabilities(scores), this.options.minConfidence);
    } catch (err) {
      throw new PredictionFailedError(`breed model failed: ${(err as Error).message}`);
    }
  }
}
