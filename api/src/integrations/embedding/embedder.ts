import fs from 'node:fs';
import type { ApiConfig } from '../../config/env';
import type { ImageEmbedder } from './embedding';
import { OnnxEmbedder } from './onnx-embedder';

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * The embedder this deployment uses: the operator's ONNX model when IMAGE_EMBEDDER_MODEL names a
 * file that loads, else null (no photo similarity; the matcher scores without it). Never throws.
 */
export async function createImageEmbedder(config: ApiConfig['embedder'], log: Log): Promise<ImageEmbedder | null> {
  if (!config.modelPath) {
    log.info('image embedder: IMAGE_EMBEDDER_MODEL not set, photo similarity is off');
    return null;
  }
  if (!fs.existsSync(config.modelPath)) {
    log.warn(`image embedder: model file ${config.modelPath} not found, photo similarity is off`);
    return null;
  }
  const embedder = new OnnxEmbedder({ ...config, modelPath: config.modelPath });
  if (!(await embedder.available())) {
    log.warn(`image embedder: model ${config.modelPath} does not load, photo similarity is off`);
    return null;
  }
  log.info(`image embedder: model ${embedder.modelId} loaded, photo similarity is on`);
  return embedder;
}
