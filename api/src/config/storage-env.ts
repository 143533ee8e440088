import { z } from 'zod';
import type { StorageConfig } from '../integrations/storage';

// The photo storage's variables, spread into the api's environment schema (env.ts).
export const storageEnv = {
  /** disk: UPLOAD_DIR (a path every instance shares); s3: an S3-compatible bucket. */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().min(3).optional(),
  /** Unset → AWS itself; e.g. http://minio:9000 for an S3-compatible server. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** true: http://host/bucket/key (most self-hosted servers); false: http://bucket.host/key. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
};

type StorageEnv = z.output<z.ZodObject<typeof storageEnv>>;

/** The storage the variables select; throws the api's invalid-environment error when s3 lacks its bucket or half its keys. */
export function storageConfig(e: StorageEnv, uploadDir: string): StorageConfig {
  if (e.STORAGE === 'disk') return { kind: 'disk', dir: uploadDir };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('  S3_BUCKET: required when STORAGE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    problems.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  if (problems.length > 0 || !e.S3_BUCKET) throw new Error(`Invalid api environment:\n${problems.join('\n')}`);
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
