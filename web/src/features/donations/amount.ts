import { DONATION_LIMITS } from '@pawbridge/shared';
import type { MessageKey } from '@/messages';

/** Why an amount cannot be donated, or null when it can (spec §5: a number greater than 0). */
export function amountProblem(value: unknown): MessageKey | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || !Number.isInteger(value) || value <= 0) return 'donate.amount.invalid';
  if (value > DONATION_LIMITS.maxAmount) return 'donate.amount.tooLarge';
  return null;
}

/** 10000 → "10,000" (won are shown with separators, spec §9). */
export const formatWon = (amount: number): string => new Intl.NumberFormat('ko-KR').format(amount);

/** `donation_` + a timestamp (spec §7 External services). */
export const newMerchantUid = (now: number = Date.now()): string => `donation_${now}`;
