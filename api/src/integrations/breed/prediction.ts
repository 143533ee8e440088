// What every breed predictor shares: its interface, its failure and the top-1 rule. The predictors import
// this and predictor.ts (the factory) imports the predictors, so the factory and its products form no cycle.

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
