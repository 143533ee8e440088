import sharp from 'sharp';
import { IMAGENET_MEAN, IMAGENET_STD } from './onnx-writer';

/**
 * A photo as an image model's input (the breed predictor's and the photo embedder's): decoded, sRGB
 * without alpha, resized to the model's width × height, ImageNet-normalised, planar (NCHW, one image).
 * A photo sharp cannot decode rejects with sharp's error.
 */
export async function imageInput(image: Buffer, width: number, height: number): Promise<Float32Array> {
  const { data } = await sharp(image)
    .removeAlpha()
    .toColourspace('srgb')
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const plane = height * width;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i += 1) {
    for (let c = 0; c < 3; c += 1) {
      input[c * plane + i] = ((data[i * 3 + c] ?? 0) / 255 - (IMAGENET_MEAN[c] ?? 0)) / (IMAGENET_STD[c] ?? 1);
    }
  }
  return input;
}
