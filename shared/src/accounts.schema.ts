import { z } from 'zod';
import { LIMITS, ROLES, SOCIAL_PROVIDERS } from './constants';
import { hasControlChars, isoDate, requiredText } from './validation';
import { NicknameSchema, PhoneSchema } from './names';

const requiredString = (key: string) => requiredText(key);
/** Passwords are kept as typed (no trim), but control characters are refused like everywhere else. */
const noControl = (s: string) => !hasControlChars(s);

export const EmailSchema = requiredString('emailRequired').pipe(z.email('emailInvalid'));

export const SignupRequestSchema = z.object({
  name: requiredString('nameRequired').max(50, 'invalid'),
  userId: requiredString('userIdRequired')
    .min(LIMITS.userIdMinLength, 'userIdTooShort')
    .max(30, 'userIdTooLong')
    .regex(/^[A-Za-z0-9_.-]+$/, 'userIdPattern'),
  email: EmailSchema,
  password: z
    .string({ error: 'passwordRequired' })
    .min(1, 'passwordRequired')
    .min(LIMITS.passwordMinLength, 'passwordTooShort')
    .max(72, 'passwordTooLong')
    .refine(noControl, 'textControlChars'),
  birth: isoDate('birthRequired', 'birthInvalid').refine(
    (s) => s <= new Date().toISOString().slice(0, 10) && s >= '1900-01-01',
    'birthInvalid',
  ),
  /** Stored and shown as 010-1234-5678 whatever was typed (names.ts). */
  phoneNm: PhoneSchema,
  /** What others see; left out, the server derives it from the name (made unique). Not sent to the legacy. */
  nickname: NicknameSchema.optional(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/**
 * My page's profile update (PUT /api/users/me): the three fields the edit form
 * holds, validated like signup. A new e-mail must have been verified with the
 * send/verify-email codes first; the same address again needs nothing.
 */
export const ProfileUpdateRequestSchema = z.object({
  email: SignupRequestSchema.shape.email,
  birth: SignupRequestSchema.shape.birth,
  phoneNm: SignupRequestSchema.shape.phoneNm,
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequestSchema>;

/** My page's nickname change (PUT /api/users/me/nickname); unique whatever the case or width. */
export const NicknameUpdateRequestSchema = z.object({ nickname: NicknameSchema });
export type NicknameUpdateRequest = z.infer<typeof NicknameUpdateRequestSchema>;

/** 아이디 중복 확인 (GET /api/users/check-user-id): the id as signup would take it. */
export const UserIdCheckQuerySchema = z.object({ userId: SignupRequestSchema.shape.userId });
/** 닉네임 중복 확인 (GET /api/users/check-nickname). */
export const NicknameCheckQuerySchema = z.object({ nickname: NicknameSchema });
/** Whether an id or nickname can be taken right now (a later signup may still lose a race: its 409 says so). */
export const AvailabilitySchema = z.object({ available: z.boolean() });
export type Availability = z.infer<typeof AvailabilitySchema>;

export const LoginRequestSchema = z.object({
  userId: requiredString('userIdRequired'),
  password: z.string({ error: 'passwordRequired' }).min(1, 'passwordRequired').refine(noControl, 'textControlChars'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const SendEmailQuerySchema = z.object({ email: EmailSchema });
export const VerifyEmailQuerySchema = z.object({
  code: requiredString('codeRequired').regex(/^\d{6}$/, 'codeInvalid'),
  /**
   * Required: a code is checked against this address's code only, so every wrong guess uses up
   * one of its tries. (The legacy also accepts the code alone; a guess then counts nowhere.)
   */
  email: EmailSchema,
});

/** One session shape for the browser; `isAdmin` is decided by the BFF from role ADMIN only. */
export const SessionUserSchema = z.object({
  loggedIn: z.literal(true),
  userId: z.string(),
  /** The login id (the legacy's `username`/`userName` are the login id too). */
  username: z.string(),
  name: z.string().nullable(),
  /** What other members see of this one; null where the upstream has none (the legacy service). */
  nickname: z.string().nullable(),
  /** What the header greets: the name, else the login id. */
  displayName: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  isAdmin: z.boolean(),
  provider: z.enum(SOCIAL_PROVIDERS).nullable(),
  socialId: z.string().nullable(),
  isSocialLogin: z.boolean(),
  birth: z.string().nullable(),
  phoneNm: z.string().nullable(),
  /** Whether this is the member's first login; null when the upstream does not say (the legacy service). */
  firstLogin: z.boolean().nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionSchema = z.discriminatedUnion('loggedIn', [SessionUserSchema, z.object({ loggedIn: z.literal(false) })]);
export type Session = z.infer<typeof SessionSchema>;

/** Answer of mutations that carry no data (signup, send-email, verify, logout). */
export const OkSchema = z.object({ ok: z.literal(true), message: z.string() });
export type Ok = z.infer<typeof OkSchema>;

/**
 * Why a social login failed: the `error` query of the `/login?error=…` landing. The web
 * words each; any other value (the legacy sends an empty one) is a failure without a reason.
 */
export const SOCIAL_LOGIN_ERROR_CODES = [
  'SOCIAL_LOGIN_DENIED',
  'SOCIAL_LOGIN_STATE_MISMATCH',
  'SOCIAL_LOGIN_PROVIDER_ERROR',
  'SOCIAL_LOGIN_UNSUPPORTED',
  'SOCIAL_LOGIN_EMAIL_IN_USE',
  /** The reason is unknown (the legacy's bare `?error`) or the upstream could not be reached. */
  'SOCIAL_LOGIN_FAILED',
] as const;
export type SocialLoginErrorCode = (typeof SOCIAL_LOGIN_ERROR_CODES)[number];
export const isSocialLoginErrorCode = (v: string): v is SocialLoginErrorCode => (SOCIAL_LOGIN_ERROR_CODES as readonly string[]).includes(v);

/** The query flag on `/` after a successful social login (spec §9: the client re-checks the session). */
export const SOCIAL_LOGIN_SUCCESS_PATH = '/?socialLogin=success';

/** Our api's answer at GET /api/oauth2/providers: the providers it has clients for. */
export const SocialProvidersAnswerSchema = z.object({ providers: z.array(z.enum(SOCIAL_PROVIDERS)) });

/** Our api's cookie holding a started social login's state (the BFF passes it through; the legacy keeps it in its session). */
export const SOCIAL_LOGIN_FLOW_COOKIE = 'OAUTH2_FLOW';
