import { z } from 'zod';
import { PredictionFailedError, type BreedPredictor, type BreedResult } from './prediction';

export interface CustomVisionOptions {
  endpoint: string;
  predictionKey: string;
  projectId: string;
  publishName: string;
  minConfidence: number;
  timeoutMs?: number;
}

const AnswerSchema = z.object({
  predictions: z.array(z.object({ probability: z.number(), tagName: z.string() })),
});

/**
 * Azure Custom Vision Prediction v3.0 image classification (legacy-contract
 * §9): raw bytes as octet-stream with the Prediction-Key header; top-1 by
 * probability, but with our confidence threshold (the legacy has none).
 */
export class CustomVisionPredictor implements BreedPredictor {
  constructor(private readonly options: CustomVisionOptions) {}

  url(): string {
    const base = this.options.endpoint.replace(/\/+$/, '');
    const { projectId, publishName } = this.options;
    return `${base}/customvision/v3.0/Prediction/${encodeURIComponent(projectId)}/classify/iterations/${encodeURIComponent(publishName)}/image`;
  }

  /** Configured means offered: checking the remote service would cost a paid prediction. */
  available(): Promise<boolean> {
    return Promise.resolve(true);
  }

  async predict(image: Buffer): Promise<BreedResult> {
    let res: Response;
    try {
      res = await fetch(this.url(), {
        method: 'POST',
        headers: { 'Prediction-Key': this.options.predictionKey, 'Content-Type': 'application/octet-stream' },
        body: new Uint8Array(image),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 8_000),
      });
    } catch (err) {
      throw new PredictionFailedError(`custom vision unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) throw new PredictionFailedError(`custom vision answered ${res.status}`);
    const parsed = AnswerSchema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new PredictionFailedError('custom vision answer not understood');
    const best = parsed.data.predictions.reduce<{ probability: number; tagName: string } | null>(
      (a, p) => (a && a.probability >= p.probability ? a : p),
      null,
    );
    if (!best) throw new PredictionFailedError('custom vision returned no predictions');
    const confidence = Math.min(1, Math.max(0, best.probability));
    return { breed: confidence >= this.options.minConfidence ? best.tagName : null, confidence };
  }
}
