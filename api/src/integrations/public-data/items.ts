import { z } from 'zod';

/**
 * The portal's answer shapes and the quirks of its fields (abandonmentPublic_v2,
 * dataset 15098931), parsed into plain values. Nothing here knows our tables.
 */

const text = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const optText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()));

export const PortalAnimalItemSchema = z.object({
  desertionNo: text.pipe(z.string().regex(/^[0-9A-Za-z_-]{1,40}$/)),
  happenDt: text,
  happenPlace: optText,
  kindCd: optText,
  kindNm: optText,
  kindFullNm: optText,
  colorCd: optText,
  age: optText,
  weight: optText,
  noticeNo: optText,
  noticeSdt: optText,
  noticeEdt: optText,
  popfile1: optText,
  popfile2: optText,
  processState: optText,
  sexCd: optText,
  neuterYn: optText,
  specialMark: optText,
  careRegNo: optText,
  careNm: optText,
  careTel: optText,
  careAddr: optText,
  orgNm: optText,
  updTm: optText,
});
export type PortalAnimalItem = z.infer<typeof PortalAnimalItemSchema>;

const HeaderSchema = z.object({ resultCode: text, resultMsg: optText });

/** `items` arrives as {item: [..]}, {item: {..}} (one), {} or "" (none). */
const ItemsSchema = z.union([z.literal(''), z.null(), z.object({ item: z.unknown().optional() }).passthrough()]).optional();

export const PortalEnvelopeSchema = z.object({
  response: z.object({
    header: HeaderSchema,
    body: z
      .object({
        items: ItemsSchema,
        numOfRows: z.coerce.number().int().optional(),
        pageNo: z.coerce.number().int().optional(),
        totalCount: z.coerce.number().int().nonnegative().optional(),
      })
      .optional(),
  }),
});
export type PortalEnvelope = z.infer<typeof PortalEnvelopeSchema>;

/** The raw item list of an envelope's body, whatever form the portal chose. */
export function itemList(items: unknown): unknown[] {
  if (items === '' || items === null || items === undefined || typeof items !== 'object') return [];
  const item = (items as { item?: unknown }).item;
  if (item === undefined || item === null || item === '') return [];
  return Array.isArray(item) ? item : [item];
}

/** 'YYYYMMDD' (or 'YYYY-MM-DD') → 'YYYY-MM-DD', null when it is not a real date. */
export function portalDate(raw: string | null): string | null {
  const m = raw ? /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(raw.trim()) : null;
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** "2020(<born>)" → 2020; "60<days-under>(<born>)" and anything without a plausible year → null. */
export function birthYearOf(age: string | null, now = new Date()): number | null {
  const m = age ? (/^\s*(\d{4})\s*\(/.exec(age) ?? /^\s*(\d{4})\s*$/.exec(age)) : null;
  if (!m) return null;
  const year = Number(m[1]);
  return year >= 1980 && year <= now.getUTCFullYear() ? year : null;
}

/** "8.8(Kg)" → 8.8, "0.5(Kg)" → 0.5; odd forms ("1..2(Kg)", empty, negative, absurd) → null. */
export function weightKgOf(weight: string | null): number | null {
  const m = weight ? /^\s*(\d{1,3}(?:\.\d{1,3})?)\s*(?:\(\s*kg\s*\))?\s*$/i.exec(weight) : null;
  if (!m) return null;
  const kg = Number(m[1]);
  return kg > 0 && kg < 150 ? kg : null;
}

/** "2025-01-01 12:00:00.0" (Seoul time) → a Date; null when unreadable. */
export function portalTimestamp(raw: string | null): Date | null {
  const m = raw ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(raw) : null;
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2]}+09:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

export type ShelterStatusGroup = 'OPEN' | 'ADOPTED' | 'RETURNED' | 'ENDED_OTHER' | 'DIED';

// The portal's process states (its own vocabulary, compared as data).
const ENDED_PREFIX = '\uC885\uB8CC'; // "jongnyo": ended
const ENDINGS: Record<string, ShelterStatusGroup> = {
  '\uC785\uC591': 'ADOPTED', // adopted
  '\uBC18\uD658': 'RETURNED', // returned to the owner
  '\uC790\uC5F0\uC0AC': 'DIED', // natural death
  '\uC548\uB77D\uC0AC': 'DIED', // euthanasia
};

/**
 * The status group of a processState: anything not ended (in protection, on notice) → OPEN;
 * ended(adopted) → ADOPTED, ended(returned) → RETURNED, ended(natural death | euthanasia) → DIED,
 * any other ending (donated, released, not caught, ...) → ENDED_OTHER. An ending is never taken for a death.
 */
export function statusGroupOf(processState: string): ShelterStatusGroup {
  const s = processState.replace(/\s+/g, '');
  if (!s.startsWith(ENDED_PREFIX)) return 'OPEN';
  const reason = /\(([^)]*)\)/.exec(s)?.[1] ?? '';
  return ENDINGS[reason] ?? 'ENDED_OTHER';
}

const enumOr = <T extends string>(raw: string | null, allowed: readonly T[], fallback: T): T => {
  const v = (raw ?? '').toUpperCase();
  return (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
};

/** One animal as we keep it, parsed from a portal item. */
export interface ParsedAnimal {
  desertionNo: string;
  kind: string;
  kindCd: string | null;
  color: string | null;
  sex: 'M' | 'F' | 'Q';
  neutered: 'Y' | 'N' | 'U';
  birthYear: number | null;
  ageText: string;
  weightKg: number | null;
  happenDate: string;
  happenPlace: string;
  noticeNo: string | null;
  noticeStart: string | null;
  noticeEnd: string | null;
  processState: string;
  status: ShelterStatusGroup;
  specialMark: string | null;
  shelterName: string;
  shelterTel: string | null;
  shelterAddress: string | null;
  careRegNo: string | null;
  orgName: string | null;
  image1Url: string | null;
  image2Url: string | null;
  portalUpdatedAt: Date | null;
}

/** An image URL we may keep: http(s) only, nothing else (no data:, file:, javascript:). */
const imageUrl = (raw: string | null): string | null => {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
};

/** Parse one raw item; `{ok:false}` with a reason when it cannot be kept (bad number or date). */
export function parseAnimal(raw: unknown, now = new Date()): { ok: true; animal: ParsedAnimal } | { ok: false; reason: string } {
  const parsed = PortalAnimalItemSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: 'ITEM_SHAPE' };
  const i = parsed.data;
  const happenDate = portalDate(i.happenDt);
  if (!happenDate) return { ok: false, reason: 'ITEM_HAPPEN_DATE' };
  // v2 sends kindNm; older answers folded it into kindFullNm ("[<dog>] <kind>").
  const kind = i.kindNm ?? i.kindFullNm?.replace(/^\[[^\]]*\]\s*/, '') ?? '';
  const processState = i.processState ?? '';
  return {
    ok: true,
    animal: {
      desertionNo: i.desertionNo,
      kind,
      kindCd: i.kindCd,
      color: i.colorCd,
      sex: enumOr(i.sexCd, ['M', 'F', 'Q'] as const, 'Q'),
      neutered: enumOr(i.neuterYn, ['Y', 'N', 'U'] as const, 'U'),
      birthYear: birthYearOf(i.age, now),
      ageText: i.age ?? '',
      weightKg: weightKgOf(i.weight),
      happenDate,
      happenPlace: i.happenPlace ?? '',
      noticeNo: i.noticeNo,
      noticeStart: portalDate(i.noticeSdt),
      noticeEnd: portalDate(i.noticeEdt),
      processState,
      status: statusGroupOf(processState),
      specialMark: i.specialMark,
      shelterName: i.careNm ?? '',
      shelterTel: i.careTel,
      shelterAddress: i.careAddr,
      careRegNo: i.careRegNo,
      orgName: i.orgNm,
      image1Url: imageUrl(i.popfile1),
      image2Url: imageUrl(i.popfile2),
      portalUpdatedAt: portalTimestamp(i.updTm),
    },
  };
}
