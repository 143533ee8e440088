import { z } from 'zod';
import { PetStatusSchema } from './strays.schema';
import { decimalText } from './validation';

/**
 * Card donations to a stray (spec §3 Donation, §5 Donation, §7 Adoption and
 * donation; legacy-contract §3.2, §10). Amounts are whole won.
 */
export const DONATION_LIMITS = {
  /** The spec shows no limit; one card payment above this is far more likely a typo than a gift. */
  maxAmount: 10_000_000,
  quickAmounts: [5_000, 10_000, 30_000],
} as const;

/** `donation_` + the browser's Date.now() (spec §7 External services). */
export const MerchantUidSchema = z.string().regex(/^donation_\d{10,16}$/, 'invalid');

/** PortOne's imp_uid (`imp_` + digits) or the embedded test gateway's (`imp_test_` + hex). */
export const ImpUidSchema = z.string().regex(/^imp_(test_)?[0-9a-zA-Z]{6,40}$/, 'invalid');

// The legacy's Java fields are numbers that Spring also binds from text ("5000"); plain decimals convert.
export const DonationAmountSchema = z.preprocess(
  decimalText,
  z.number({ error: 'amountInvalid' }).int('amountInvalid').positive('amountInvalid').max(DONATION_LIMITS.maxAmount, 'amountTooLarge'),
);

const strayId = z.preprocess(decimalText, z.number({ error: 'invalid' }).int('invalid').positive('invalid'));

/** POST /api/abandoned/donation/prepare: the amount the server will expect for this merchant uid. */
export const DonationPrepareRequestSchema = z.object({
  merchantUid: MerchantUidSchema,
  amount: DonationAmountSchema,
  abandonedPetId: strayId,
});
export type DonationPrepareRequest = z.infer<typeof DonationPrepareRequestSchema>;

export const PAYMENT_METHODS = ['card'] as const;

/**
 * POST /api/abandoned/donation/{impUid}: the payment record (spec §3 Donation).
 * `userName` is not part of it: the donor is always the session's member.
 */
export const DonationRecordRequestSchema = z.object({
  impUid: ImpUidSchema,
  merchantUid: MerchantUidSchema,
  amount: DonationAmountSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'invalid' }),
  abandonedPetId: strayId,
});
export type DonationRecordRequest = z.infer<typeof DonationRecordRequestSchema>;

export const DonationRecordedSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  impUid: z.string(),
  amount: z.number().int(),
});
export type DonationRecorded = z.infer<typeof DonationRecordedSchema>;

export const PAYMENT_STATUSES = ['PAID', 'CANCELLED'] as const;

/**
 * One item of my donations (spec §3 Donation history item), normalised: amount
 * a number, ISO instant, the stray's photo through the BFF, a name always.
 * `status` is the stray's status (as the legacy's); the payment's is `paymentStatus`.
 */
export const DonationHistoryItemSchema = z.object({
  donationId: z.number().int().nullable(),
  abandonedPetId: z.number().int().nullable(),
  petName: z.string(),
  type: z.string().nullable(),
  imageUrl: z.string().nullable(),
  amount: z.number().int(),
  donatedAt: z.string(),
  status: PetStatusSchema.nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  impUid: z.string().nullable(),
  merchantUid: z.string().nullable(),
  paymentMethod: z.string().nullable(),
});
export type DonationHistoryItem = z.infer<typeof DonationHistoryItemSchema>;
export const DonationHistorySchema = z.array(DonationHistoryItemSchema);

/** What has been given to each stray so far (the adopt card shows it). */
export const DonationTotalsSchema = z.object({
  available: z.boolean(),
  totals: z.array(z.object({ abandonedPetId: z.number().int(), totalAmount: z.number().int(), donationCount: z.number().int() })),
});
export type DonationTotals = z.infer<typeof DonationTotalsSchema>;

/** The embedded test gateway's checkout (only when /api/config says payments.mode is 'test'). */
export const TestCheckoutRequestSchema = z.object({
  merchantUid: MerchantUidSchema,
  amount: DonationAmountSchema,
  outcome: z.enum(['paid', 'failed']),
});
export type TestCheckoutRequest = z.infer<typeof TestCheckoutRequestSchema>;

/** Shaped like IMP.request_pay's answer, so both checkouts end in the same code. */
export const TestCheckoutResultSchema = z.object({
  success: z.boolean(),
  imp_uid: z.string().nullable(),
  merchant_uid: z.string(),
  error_msg: z.string().nullable(),
});
export type TestCheckoutResult = z.infer<typeof TestCheckoutResultSchema>;
