import { SignupRequestSchema, type SignupRequest } from '@pawbridge/shared';
import { schemaCheck } from '@/components/form/schema-check';
import { t, tKey, tMaybe } from '@/messages';

export type SignupValues = {
  name: string;
  userId: string;
  email: string;
  password: string;
  confirmPassword: string;
  birth: string;
  phoneNm: string;
  /** Optional: left empty, the server derives it from the name. */
  nickname: string;
};
export type SignupField = keyof SignupValues | 'code';
export type SignupErrors = Partial<Record<SignupField, string>>;

export const EMPTY_SIGNUP: SignupValues = {
  name: '',
  userId: '',
  email: '',
  password: '',
  confirmPassword: '',
  birth: '',
  phoneNm: '',
  nickname: '',
};

/** The catalogue sentence for a shared-schema message key on a field. */
export const signupRuleMessage = (field: string, key: string): string => ruleMessage(field, key);

function ruleMessage(field: string, key: string): string {
  // The schema reuses the generic key for the name length limit; say what is wrong instead.
  if (field === 'name' && key === 'invalid') return t('auth.validation.nameTooLong');
  return tKey(`auth.validation.${key}`, 'auth.validation.invalid');
}

/** This form's sentence for a server field-error code; undefined when it has none. */
export const signupKeyMessage = (key: string, field: string): string | undefined =>
  field === 'name' && key === 'invalid' ? t('auth.validation.nameTooLong') : tMaybe(`auth.validation.${key}`);

/**
 * Every spec §5 signup rule, checked before anything is sent: the shared schema
 * (the same one the BFF enforces), the confirmation, and the verified e-mail.
 */
export function validateSignup(
  values: SignupValues,
  emailVerified: boolean,
): { ok: true; request: SignupRequest } | { ok: false; errors: SignupErrors } {
  const { confirmPassword, nickname, ...rest } = values;
  // An empty nickname is left out (the server derives one from the name).
  const payload = nickname.trim() === '' ? rest : { ...rest, nickname };
  const { errors: found, data } = schemaCheck(SignupRequestSchema, payload, (field, key) =>
    field in EMPTY_SIGNUP ? { field, message: ruleMessage(field, key) } : undefined,
  );
  const errors: SignupErrors = found;
  if (confirmPassword === '') errors.confirmPassword = t('auth.validation.confirmRequired');
  else if (confirmPassword !== values.password) errors.confirmPassword = t('auth.validation.passwordMismatch');
  if (!errors.email && !emailVerified) errors.email = t('auth.validation.emailNotVerified');
  if (data && Object.keys(errors).length === 0) return { ok: true, request: data };
  return { ok: false, errors };
}

/** Server field names are the payload's (and the code's); anything else has no field to sit on. */
export const signupFieldOf = (field: string): string | undefined => (field in EMPTY_SIGNUP || field === 'code' ? field : undefined);
