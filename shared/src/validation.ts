import { z } from 'zod';
import type { FieldErrors } from './errors';
import { VALIDATION_SENTENCES } from './sentences';

export { VALIDATION_SENTENCES } from './sentences';

/** The same sentences looked up by a run-time key (a schema's issue message). */
export const VALIDATION_MESSAGES: Record<string, string> = VALIDATION_SENTENCES;

/** Turn a zod error into `{ field: koreanSentence }` (first issue per field). */
export function toFieldErrors(error: z.ZodError, messages: Record<string, string> = VALIDATION_MESSAGES): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (out[key] !== undefined) continue;
    out[key] = messages[issue.message] ?? messages.invalid ?? issue.message;
  }
  return out;
}

/** Like toFieldErrors but keeps the message keys (the web maps them through its catalogue). */
export function toFieldErrorKeys(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (out[key] === undefined) out[key] = issue.message;
  }
  return out;
}

/** yyyy-MM-dd that is a real calendar date. */
export const isoDate = (requiredKey: string, invalidKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .regex(/^\d{4}-\d{2}-\d{2}$/, invalidKey)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, invalidKey);

/**
 * C0/C1 control characters except tab, line feed and carriage return. Postgres
 * refuses NUL in text, and none of them belongs in anything a person types.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const hasControlChars = (s: string): boolean => CONTROL_CHARS.test(s);

/**
 * Text that shows nothing: white space, format characters (zero-width space,
 * joiners, BOM, bidi marks) and the Hangul fillers that render blank. Such a
 * value is as good as empty, whatever its length.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Cf}\p{Cc}\u034F\u115F\u1160\u3164\uFFA0]*$/u;
export const isInvisibleOnly = (s: string): boolean => INVISIBLE_ONLY.test(s);

/**
 * A trimmed text field a person fills in: control characters are refused, and
 * text with nothing visible counts as missing (requiredKey). `max` counts the
 * trimmed text. Optional fields use `optionalText`.
 */
export const requiredText = (requiredKey: string, max?: number, tooLongKey = 'invalid') => {
  const base = z
    .string({ error: requiredKey })
    .trim()
    .refine((s) => !hasControlChars(s), { message: 'textControlChars', abort: true })
    .refine((s) => !isInvisibleOnly(s), { message: requiredKey, abort: true });
  return max === undefined ? base : base.refine((s) => s.length <= max, tooLongKey);
};

/** Free text that may be left empty; still no control characters. */
export const optionalText = (max: number, tooLongKey = 'invalid') =>
  z
    .string()
    .trim()
    .refine((s) => !hasControlChars(s), { message: 'textControlChars', abort: true })
    .refine((s) => s.length <= max, tooLongKey);

/** Today's date (yyyy-MM-dd) in Korea, where every found date is written down. */
export function seoulToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** HH:mm (00:00–23:59); `withSeconds` also allows HH:mm:ss. */
export const clockTime = (requiredKey: string, invalidKey: string, withSeconds = false) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .regex(withSeconds ? /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/ : /^([01]\d|2[0-3]):[0-5]\d$/, invalidKey);

/**
 * A number a form or a curl user may send as JSON number or as decimal text
 * ("4.2"). Only plain decimal notation converts: "0x1A", "+1", "1e3", "Infinity"
 * and " " stay strings and fail the number check.
 */
export const decimalText = (v: unknown): unknown => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

/**
 * A positive database id in a path (`/reports/12`): plain digits only, no sign,
 * no leading zero, no hex or exponent, within the safe integer range.
 */
export const PositiveIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'invalid')
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n), 'invalid');
