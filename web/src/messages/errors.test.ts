import { ErrorCodeSchema, ErrorReasonSchema, SERVER_FIELD_ERROR_MESSAGES } from '@pawbridge/shared';
import { describe, expect, it } from 'vitest';
import { errors } from './errors';

const words = errors as Record<string, string>;
const missing = (prefix: string, names: readonly string[]) => names.filter((n) => !words[`${prefix}${n}`]?.trim());

describe('the errors catalogue', () => {
  it('has words for every error code the server can answer', () => {
    expect(missing('errors.code.', ErrorCodeSchema.options)).toEqual([]);
  });

  it('has words for every error reason the server can answer', () => {
    expect(missing('errors.reason.', ErrorReasonSchema.options)).toEqual([]);
  });

  it('has words for every field-error code only the server decides', () => {
    expect(missing('errors.field.', Object.keys(SERVER_FIELD_ERROR_MESSAGES))).toEqual([]);
  });

  it('holds no words for codes the server no longer answers', () => {
    const known = new Set([
      ...ErrorCodeSchema.options.map((c) => `errors.code.${c}`),
      ...ErrorReasonSchema.options.map((r) => `errors.reason.${r}`),
      ...Object.keys(SERVER_FIELD_ERROR_MESSAGES).map((k) => `errors.field.${k}`),
    ]);
    expect(Object.keys(errors).filter((k) => !known.has(k))).toEqual([]);
  });
});
