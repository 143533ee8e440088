import { z } from 'zod';

// The photo-similarity model's variables (issue 28, docs/decisions/0046), spread into the api's environment schema (env.ts).
export const embedderEnv = {
  /** Path of an operator-provided ONNX image-embedding model; unset → no photo similarity at all. */
  IMAGE_EMBEDDER_MODEL: z.string().min(1).optional(),
  /** Input side in pixels when the model does not fix it (square NCHW input). */
  IMAGE_EMBEDDER_INPUT_SIZE: z.coerce.number().int().min(8).max(1024).default(224),
  /** Output to read the vector from; default the model's first output. */
  IMAGE_EMBEDDER_OUTPUT: z.string().min(1).optional(),
  /** Stored with every vector so only vectors of the same model are compared; default the model file's name. */
  IMAGE_EMBEDDER_MODEL_ID: z.string().min(1).max(100).optional(),
};

type EmbedderEnv = z.output<z.ZodObject<typeof embedderEnv>>;

export interface EmbedderConfig {
  modelPath: string | undefined;
  inputSize: number;
  outputName: string | undefined;
  modelId: string | undefined;
}

export function embedderConfig(e: EmbedderEnv): EmbedderConfig {
  return {
    modelPath: e.IMAGE_EMBEDDER_MODEL,
    inputSize: e.IMAGE_EMBEDDER_INPUT_SIZE,
    outputName: e.IMAGE_EMBEDDER_OUTPUT,
    modelId: e.IMAGE_EMBEDDER_MODEL_ID,
  };
}
