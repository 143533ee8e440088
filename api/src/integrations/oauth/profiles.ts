import { z } from 'zod';

/** Who the provider says the person is, reduced to what an account needs. */
export interface SocialProfile {
  /** The provider's stable id of the person (Google `sub`, Kakao `id`, Naver `response.id`). */
  id: string;
  /** Only an address the provider vouches for; an unverified one is dropped. */
  email: string | null;
  name: string | null;
}

const optionalText = z
  .string()
  .optional()
  .nullable()
  .transform((v) => (v && v.trim() ? v.trim() : null));

/** Claims of Google's ID token we rely on (already signature-checked). */
const GoogleClaimsSchema = z.object({
  sub: z.string().min(1),
  email: optionalText,
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  name: optionalText,
});

export function googleProfile(claims: unknown): SocialProfile {
  const c = GoogleClaimsSchema.parse(claims);
  return { id: c.sub, email: c.email_verified === true ? c.email : null, name: c.name };
}

/** GET /v2/user/me: `id` is a number; the e-mail counts only when Kakao marks it valid and verified. */
const KakaoUserSchema = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  kakao_account: z
    .object({
      email: optionalText,
      is_email_valid: z.boolean().optional(),
      is_email_verified: z.boolean().optional(),
      profile: z.object({ nickname: optionalText }).optional().nullable(),
    })
    .optional()
    .nullable(),
});

export function kakaoProfile(body: unknown): SocialProfile {
  const u = KakaoUserSchema.parse(body);
  const account = u.kakao_account;
  const emailOk = account?.is_email_valid === true && account.is_email_verified === true;
  return { id: String(u.id), email: emailOk ? (account.email ?? null) : null, name: account?.profile?.nickname ?? null };
}

/**
 * GET /v1/nid/me wraps the person in `response` next to a result code. The legacy
 * used the whole `response` map as the user name; the id is `response.id`.
 */
const NaverUserSchema = z.object({
  resultcode: z.literal('00'),
  response: z.object({ id: z.string().min(1), email: optionalText, name: optionalText, nickname: optionalText }),
});

export function naverProfile(body: unknown): SocialProfile {
  const { response: r } = NaverUserSchema.parse(body);
  // Naver only hands out addresses it has verified.
  return { id: r.id, email: r.email, name: r.name ?? r.nickname };
}
