// What every image embedder shares: its interface, its failure and the vector maths the matcher uses.

export interface ImageEmbedding {
  /** Which model made the vector; vectors of different models are never compared. */
  modelId: string;
  /** L2-normalised. */
  vector: Float32Array;
}

export interface ImageEmbedder {
  readonly modelId: string;
  embed(image: Buffer): Promise<ImageEmbedding>;
  /** Whether embed can answer at all (the model loads). */
  available(): Promise<boolean>;
}

/** Thrown by an embedder that could not answer (model missing or broken, undecodable photo). */
export class EmbeddingFailedError extends Error {}

export function l2Normalise(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += (values[i] ?? 0) ** 2;
  const norm = Math.sqrt(sum);
  if (!Number.isFinite(norm) || norm === 0) throw new EmbeddingFailedError('the model returned a zero or non-finite vector');
  return Float32Array.from(values, (v) => v / norm);
}

/** Cosine of two embeddings, or null when they are not comparable (other model, other length). */
export function cosineSimilarity(a: ImageEmbedding, b: ImageEmbedding): number | null {
  if (a.modelId !== b.modelId || a.vector.length !== b.vector.length || a.vector.length === 0) return null;
  let dot = 0;
  for (let i = 0; i < a.vector.length; i += 1) dot += (a.vector[i] ?? 0) * (b.vector[i] ?? 0);
  return Math.max(-1, Math.min(1, dot));
}

/** Compact storage: little-endian float32 bytes (a bytea column in Postgres and PGlite alike). */
export function vectorToBytes(vector: Float32Array): Buffer {
  const out = Buffer.alloc(vector.length * 4);
  vector.forEach((v, i) => out.writeFloatLE(v, i * 4));
  return out;
}

export function vectorFromBytes(bytes: Uint8Array): Float32Array {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(Math.floor(buf.length / 4));
  for (let i = 0; i < out.length; i += 1) out[i] = buf.readFloatLE(i * 4);
  return out;
}
