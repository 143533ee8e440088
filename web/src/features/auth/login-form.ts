import { LoginRequestSchema, type LoginRequest } from '@pawbridge/shared';
import { schemaCheck } from '@/components/form/schema-check';
import { tKey } from '@/messages';

export type LoginValues = { userId: string; password: string };
export const EMPTY_LOGIN: LoginValues = { userId: '', password: '' };

/** The shared login schema (the BFF's), with its message keys in this screen's words. */
export function validateLogin(values: LoginValues): { errors: Record<string, string>; request?: LoginRequest } {
  const { errors, data } = schemaCheck(LoginRequestSchema, values, (field, key) => ({
    field,
    message: tKey(`auth.validation.${key}`, 'auth.validation.invalid'),
  }));
  return { errors, request: data };
}
