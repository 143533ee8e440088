import { ProfileUpdateRequestSchema, type ProfileUpdateRequest, type SessionUser } from '@pawbridge/shared';
import { schemaCheck } from '@/components/form/schema-check';
import { t, type MessageKey } from '@/messages';

export interface ProfileValues {
  email: string;
  birth: string;
  phoneNm: string;
}

export const profileValues = (user: SessionUser): ProfileValues => ({
  email: user.email ?? '',
  birth: user.birth ?? '',
  phoneNm: user.phoneNm ?? '',
});

// Shared schema keys (the ones the BFF and api enforce) → this form's sentences (spec §5).
const KEY_MESSAGES: Record<string, MessageKey> = {
  emailRequired: 'mypage.info.emailRequired',
  emailInvalid: 'mypage.info.emailInvalid',
  birthRequired: 'mypage.info.birthRequired',
  birthInvalid: 'mypage.info.birthInvalid',
  phoneRequired: 'mypage.info.phoneRequired',
  phoneInvalid: 'mypage.info.phoneInvalid',
};
const FALLBACK: Record<keyof ProfileValues, MessageKey> = {
  email: 'mypage.info.emailInvalid',
  birth: 'mypage.info.birthInvalid',
  phoneNm: 'mypage.info.phoneInvalid',
};

/** This form's sentence for a server field-error code; undefined when it has none. */
export const profileKeyMessage = (key: string): string | undefined => (KEY_MESSAGES[key] ? t(KEY_MESSAGES[key]) : undefined);

/** Whether the address differs from the saved one (case does not count, as on the server). */
export const emailChanged = (user: SessionUser, email: string): boolean =>
  email.trim().toLowerCase() !== (user.email ?? '').trim().toLowerCase();

/**
 * The form checked with the shared schema; a changed address must also have been
 * verified in this form first (the server refuses it otherwise).
 */
export function validateProfile(
  values: ProfileValues,
  user: SessionUser,
  emailVerified: boolean,
): { errors: Partial<Record<keyof ProfileValues, string>>; request?: ProfileUpdateRequest } {
  const { errors, data } = schemaCheck(ProfileUpdateRequestSchema, values, (path, key) => {
    if (path !== 'email' && path !== 'birth' && path !== 'phoneNm') return undefined;
    return { field: path, message: t(KEY_MESSAGES[key] ?? FALLBACK[path]) };
  });
  if (!errors.email && emailChanged(user, values.email) && !emailVerified) errors.email = t('mypage.info.emailNeedsVerify');
  if (Object.keys(errors).length > 0 || !data) return { errors };
  return { errors: {}, request: data };
}
