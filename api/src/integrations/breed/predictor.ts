import type { ApiConfig } from '../../config/env';
import { CustomVisionPredictor } from './custom-vision-predictor';
import { OnnxPredictor } from './onnx-predictor';

/** `breed` is null when the model is not confident enough ("unsure"). */
export interface BreedResult {
  breed: string | null;
  confidence: number;
}

export interface BreedPredictor {
  predict(image: Buffer): Promise<BreedResult>;
  /**
   * Whether predict can answer at all (a model that loads, a configured
   * service), so the web offers the AI step only when it can work.
   */
  available(): Promise<boolean>;
}

/** Thrown by a predictor that could not answer (model error, remote service down). */
export class PredictionFailedError extends Error {}

/**
 * The predictor this deployment uses: a local ONNX model when BREED_MODEL_PATH
 * is set, else Azure Custom Vision when its four variables are set, else none
 * (the predict call answers 503 and reports keep the client's breed).
 */
export function createBreedPredictor(breed: ApiConfig['breed']): BreedPredictor | null {
  if (breed.modelPath)
    return new OnnxPredictor({ modelPath: breed.modelPath, labelsPath: breed.labelsPath, minConfidence: breed.minConfidence });
  if (breed.customVision) return new CustomVisionPredictor({ ...breed.customVision, minConfidence: breed.minConfidence });
  return null;
}

/** Top-1 of a score list with the confidence threshold applied. */
export function topOne(labels: readonly string[], scores: ArrayLike<number>, minConfidence: number): BreedResult {
  let best = -1;
  let bestScore = -Infinity;
  for (let i = 0; i < scores.length; i += 1) {
    const s = scores[i] ?? -Infinity;
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  if (best < 0) throw new PredictionFailedError('the model returned no scores');
  const confidence = Math.min(1, Math.max(0, bestScore));
  const label = labels[best] ?? null;
  return { breed: label !== null && confidence >= minConfidence ? label : null, confidence };
}
