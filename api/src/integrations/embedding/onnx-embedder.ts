import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { imageInput } from '../breed/image-input';
import { EmbeddingFailedError, l2Normalise, type ImageEmbedder, type ImageEmbedding } from './embedding';

export interface OnnxEmbedderOptions {
  modelPath: string;
  /** Used when the model's input has no fixed height/width. */
  inputSize: number;
  /** Default: the model's first output. */
  outputName: string | undefined;
  /** Default: the model file's base name. */
  modelId: string | undefined;
}

interface Loaded {
  session: ort.InferenceSession;
  inputName: string;
  outputName: string;
  height: number;
  width: number;
}

/**
 * Runs an operator's ONNX image-embedding model in-process, preprocessed like the breed
 * predictor (sharp: RGB, fill-resize; ImageNet mean/std, NCHW float32); the output is
 * flattened and L2-normalised so a dot product is the cosine.
 */
export class OnnxEmbedder implements ImageEmbedder {
  readonly modelId: string;
  private loaded: Promise<Loaded> | null = null;

  constructor(private readonly options: OnnxEmbedderOptions) {
    this.modelId = options.modelId ?? path.basename(options.modelPath);
  }

  private load(): Promise<Loaded> {
    this.loaded ??= (async () => {
      const session = await ort.InferenceSession.create(this.options.modelPath);
      const meta = session.inputMetadata[0];
      const dims = meta && meta.isTensor ? meta.shape : [];
      const size = (d: unknown) => (typeof d === 'number' && d > 0 ? d : this.options.inputSize);
      const inputName = session.inputNames[0];
      const outputName = this.options.outputName ?? session.outputNames[0];
      if (!inputName || !outputName) throw new EmbeddingFailedError('the model has no input or output');
      if (!session.outputNames.includes(outputName)) throw new EmbeddingFailedError(`the model has no output named ${outputName}`);
      return { session, inputName, outputName, height: size(dims[2]), width: size(dims[3]) };
    })();
    this.loaded.catch(() => {
      this.loaded = null;
    });
    return this.loaded;
  }

  available(): Promise<boolean> {
    return this.load().then(
      () => true,
      () => false,
    );
  }

  async embed(image: Buffer): Promise<ImageEmbedding> {
    let model: Loaded;
    try {
      model = await this.load();
    } catch (err) {
      throw new EmbeddingFailedError(`could not load the embedding model: ${(err as Error).message}`);
    }
    const { height, width } = model;
    let input: Float32Array;
    try {
      input = await imageInput(image, width, height);
    } catch (err) {
      throw new EmbeddingFailedError(`could not decode the photo: ${(err as Error).message}`);
    }
    let values: Float32Array;
    try {
      const out = await model.session.run({ [model.inputName]: new ort.Tensor('float32', input, [1, 3, height, width]) });
      const raw = out[model.outputName]?.data;
      if (!(raw instanceof Float32Array)) throw new Error('unexpected output type');
      values = raw;
    } catch (err) {
      throw new EmbeddingFailedError(`embedding model failed: ${(err as Error).message}`);
    }
    return { modelId: this.modelId, vector: l2Normalise(values) };
  }
}
