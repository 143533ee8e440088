import { z } from 'zod';
import type { FieldErrors } from './errors';

/**
 * Shared schemas carry message *keys*, not sentences: the web turns a key into
 * its catalogue wording, the BFF into the Korean sentence of VALIDATION_MESSAGES.
 * Where the web shows the very same sentence, its catalogue takes it from here
 * (decision 0028: each sentence lives once).
 */
export const VALIDATION_SENTENCES = {
  required: '필수 입력 항목입니다.',
  invalid: '형식이 올바르지 않습니다.',
  amountInvalid: '올바른 금액을 입력해 주세요.',
  amountTooLarge: '한 번에 후원할 수 있는 금액을 넘었습니다.',
  nameRequired: '이름을 입력해 주세요.',
  userIdRequired: '아이디를 입력해 주세요.',
  userIdTooShort: '아이디는 4자 이상이어야 합니다.',
  userIdTooLong: '아이디는 30자 이하여야 합니다.',
  userIdPattern: '아이디는 영문, 숫자, 밑줄(_), 점(.), 하이픈(-)만 쓸 수 있습니다.',
  emailRequired: '이메일을 입력해 주세요.',
  emailInvalid: '이메일 형식이 올바르지 않습니다.',
  passwordRequired: '비밀번호를 입력해 주세요.',
  passwordTooShort: '비밀번호는 6자 이상이어야 합니다.',
  passwordTooLong: '비밀번호는 72자 이하여야 합니다.',
  birthRequired: '생년월일을 입력해 주세요.',
  birthInvalid: '생년월일이 올바르지 않습니다.',
  phoneRequired: '전화번호를 입력해 주세요.',
  phoneInvalid: '전화번호 형식이 올바르지 않습니다. (예: 010-1234-5678)',
  codeRequired: '인증 코드를 입력해 주세요.',
  codeInvalid: '인증 코드는 숫자 6자리입니다.',
  latitudeRequired: '지도를 눌러 발견 위치를 다시 선택해 주세요.',
  longitudeRequired: '지도를 눌러 발견 위치를 다시 선택해 주세요.',
  descriptionRequired: '유기견에 대한 설명을 입력해 주세요.',
  descriptionTooLong: '설명은 2000자 이하로 입력해 주세요.',
  locationRequired: '발견한 지역을 선택해 주세요.',
  typeTooLong: '품종은 50자 이하로 입력해 주세요.',
  foundDateRequired: '발견 날짜를 입력해 주세요.',
  foundDateInvalid: '발견 날짜가 올바르지 않습니다.',
  foundTimeRequired: '발견 시간을 입력해 주세요.',
  foundTimeInvalid: '발견 시간이 올바르지 않습니다.',
  photoRequired: '유기견 사진은 필수입니다.',
  petNameRequired: '반려견 이름을 입력해 주세요.',
  petNameTooLong: '이름은 30자 이하로 입력해 주세요.',
  petTypeRequired: '품종을 입력해 주세요.',
  petTypeTooLong: '품종은 50자 이하로 입력해 주세요.',
  petWeightRequired: '몸무게를 숫자로 입력해 주세요.',
  petWeightPositive: '몸무게는 0보다 커야 합니다.',
  petWeightTooLarge: '몸무게는 200kg 이하로 입력해 주세요.',
  petWeightStep: '몸무게는 0.1kg 단위로 입력해 주세요.',
  petAgeRequired: '나이를 숫자로 입력해 주세요.',
  petAgeInteger: '나이는 정수로 입력해 주세요.',
  petAgePositive: '나이는 1살 이상이어야 합니다.',
  petAgeTooLarge: '나이는 40살 이하로 입력해 주세요.',
  petSizeRequired: '크기를 선택해 주세요.',
  petGenderRequired: '성별을 선택해 주세요.',
  petAdoptRequired: '입양 여부를 선택해 주세요.',
  petIdRequired: '등록번호를 입력해 주세요.',
  petIdInvalid: '등록번호는 숫자와 하이픈(-)으로 30자 이내로 입력해 주세요.',
  petPhotoRequired: '반려견 사진을 선택해 주세요.',
  foundDateFuture: '발견 날짜는 오늘 이후로 입력할 수 없습니다.',
  textControlChars: '입력할 수 없는 문자(제어 문자)가 들어 있습니다.',
  postTypeRequired: '카테고리를 선택해 주세요.',
  postTitleRequired: '제목을 입력해 주세요.',
  postTitleTooLong: '제목은 100자 이하로 입력해 주세요.',
  postContentRequired: '내용을 입력해 주세요.',
  postContentTooLong: '내용이 너무 깁니다.',
  commentRequired: '댓글 내용을 입력해 주세요.',
  commentTooLong: '댓글은 500자 이하로 입력해 주세요.',
} as const;

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
