import { z } from 'zod';
import { hasControlChars } from './validation';

// How people and phone numbers are written, in one place (issue 25 items 5 and 8; decision 0035):
// the nickname rules (what others see of a member), the masked login id shown where an upstream has
// no nickname, and the one phone format every boundary stores and shows.

export const NICKNAME_LIMITS = { min: 2, max: 12 } as const;

/**
 * A nickname as stored: NFKC (full-width ＡＢ becomes AB, compatibility forms compose) and trimmed.
 * Two nicknames are the same when their `nicknameKey`s are (case-insensitive too).
 */
export const normaliseNickname = (s: string): string => s.normalize('NFKC').trim();
export const nicknameKey = (s: string): string => normaliseNickname(s).toLowerCase();

/** Hangul syllables, Latin letters, digits and the underscore; no spaces, no lone jamo, no symbols. */
const NICKNAME_PATTERN = /^[0-9A-Za-z가-힣_]+$/;

/** Names nobody may pick (the administrator's, and the words the pages use for nobody). */
const RESERVED_NICKNAMES = new Set(['관리자', '운영자', 'admin', 'administrator', '익명', '알수없음', '포브리지', 'pawbridge']);
export const isReservedNickname = (s: string): boolean => RESERVED_NICKNAMES.has(nicknameKey(s));

export const NicknameSchema = z
  .string({ error: 'nicknameRequired' })
  .transform(normaliseNickname)
  .pipe(
    z
      .string()
      .min(1, 'nicknameRequired')
      .refine((s) => !hasControlChars(s), { message: 'textControlChars', abort: true })
      .refine((s) => Array.from(s).length >= NICKNAME_LIMITS.min, { message: 'nicknameTooShort', abort: true })
      .refine((s) => Array.from(s).length <= NICKNAME_LIMITS.max, { message: 'nicknameTooLong', abort: true })
      .refine((s) => NICKNAME_PATTERN.test(s), { message: 'nicknamePattern', abort: true })
      .refine((s) => !isReservedNickname(s), 'nicknameReserved'),
  );

/**
 * A login id as others may see it where no nickname exists (the legacy upstream): the first few
 * characters and three stars, "minji01" → "min***". Never the whole id.
 */
export function maskLoginId(loginId: string | null | undefined): string | null {
  const id = loginId?.trim();
  if (!id) return null;
  const chars = Array.from(id);
  const keep = Math.min(3, Math.max(1, Math.floor(chars.length / 2)));
  return `${chars.slice(0, keep).join('')}***`;
}

/** The name an author is shown by: the nickname, else the masked login id; null for nobody. */
export const authorLabel = (nickname: string | null | undefined, loginId: string | null | undefined): string | null =>
  nickname?.trim() || maskLoginId(loginId);

/**
 * A Korean phone number in the one format stored and shown ("010-1234-5678", "02-123-4567",
 * "031-123-4567"), whatever was typed: digits alone, spaces, dots, brackets, full-width digits,
 * +82 / 0082 with or without the trunk 0. Null when it is not a Korean phone number.
 */
export function normalisePhone(raw: string): string | null {
  let d = raw.normalize('NFKC').replace(/[\s\-–—().]/g, '');
  if (/^(\+82|0082)/.test(d)) d = `0${d.replace(/^(\+82|0082)0?/, '')}`;
  if (!/^\d+$/.test(d)) return null;
  if (/^02\d{7,8}$/.test(d)) return `02-${d.slice(2, -4)}-${d.slice(-4)}`;
  if (/^010\d{8}$/.test(d) || /^01[16789]\d{7,8}$/.test(d) || /^0[3-9]\d\d{7,8}$/.test(d))
    return `${d.slice(0, 3)}-${d.slice(3, -4)}-${d.slice(-4)}`;
  return null;
}

/** A required phone field: normalised to the one format, or the `phoneInvalid` key. */
export const PhoneSchema = z
  .string({ error: 'phoneRequired' })
  .trim()
  .min(1, 'phoneRequired')
  .refine((s) => !hasControlChars(s), { message: 'textControlChars', abort: true })
  .transform((s, ctx) => {
    const phone = normalisePhone(s);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: 'phoneInvalid' });
      return z.NEVER;
    }
    return phone;
  });

/**
 * A dog's name where the upstream gives none (data, not UI copy: decision 0015): "유기견" alone, or
 * "유기견 #<id>" for a stray of the adopt list. The BFF writes it; the web recognises it (an admin naming
 * a reported stray is offered a real name instead).
 */
export const UNNAMED_DOG = '유기견';
export const strayFallbackName = (id: number): string => `${UNNAMED_DOG} #${id}`;
const STRAY_FALLBACK = new RegExp(`^${UNNAMED_DOG} #\\d+$`);
export const isStrayFallbackName = (name: string): boolean => STRAY_FALLBACK.test(name);
