import type { ApiConfig } from '../../config/env';
import { CustomVisionPredictor } from './custom-vision-predictor';
import { OnnxPredictor } from './onnx-predictor';
import type { BreedPredictor } from './prediction';

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
