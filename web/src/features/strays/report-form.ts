import { StrayReportRequestSchema, toFieldErrorKeys, type StrayReportRequest } from '@pawbridge/shared';
import type { LatLng } from '@/components/map/types';
import { t, type MessageKey } from '@/messages';

export type StrayGenderChoice = '' | 'MALE' | 'FEMALE';

export interface ReportValues {
  position: LatLng | null;
  photo: File | null;
  gender: StrayGenderChoice;
  breed: string;
  description: string;
  location: string;
  foundDate: string;
  foundTime: string;
}

export type ReportField = 'position' | 'photo' | 'gender' | 'breed' | 'description' | 'location' | 'foundDate' | 'foundTime';
export type ReportErrors = Partial<Record<ReportField, string>>;

export const emptyReport = (): ReportValues => ({ position: null, photo: null, gender: '', breed: '', description: '', location: '', foundDate: '', foundTime: '' });

// Shared schema message keys → this screen's sentences (spec §5).
const KEY_MESSAGES: Record<string, MessageKey> = {
  latitudeRequired: 'report.latitudeRequired',
  longitudeRequired: 'report.latitudeRequired',
  descriptionRequired: 'report.descriptionRequired',
  descriptionTooLong: 'report.descriptionTooLong',
  locationRequired: 'report.regionRequired',
  typeTooLong: 'report.typeTooLong',
  foundDateRequired: 'report.foundDateRequired',
  foundDateInvalid: 'report.foundDateInvalid',
  foundTimeRequired: 'report.foundTimeRequired',
  foundTimeInvalid: 'report.foundTimeInvalid',
  foundDateFuture: 'report.foundDateFuture',
  textControlChars: 'report.textControlChars',
};

// Request fields (and the server's field names) → the form control that shows the message.
const FIELD_OF: Record<string, ReportField> = {
  latitude: 'position',
  longitude: 'position',
  imageurl: 'photo',
  photo: 'photo',
  type: 'breed',
  gender: 'gender',
  description: 'description',
  location: 'location',
  foundDate: 'foundDate',
  foundTime: 'foundTime',
};

/** Check the form the way the BFF will; returns the request when everything is valid. */
export function validateReport(v: ReportValues): { errors: ReportErrors; request: StrayReportRequest | null } {
  const errors: ReportErrors = {};
  const parsed = StrayReportRequestSchema.safeParse({
    latitude: v.position?.lat,
    longitude: v.position?.lng,
    gender: v.gender || null,
    description: v.description,
    location: v.location || undefined,
    type: v.breed.trim() || null,
    foundDate: v.foundDate,
    foundTime: v.foundTime,
  });
  if (!parsed.success) {
    for (const [path, key] of Object.entries(toFieldErrorKeys(parsed.error))) {
      const field = FIELD_OF[path];
      if (field && !errors[field]) errors[field] = t(KEY_MESSAGES[key] ?? 'report.fixErrors');
    }
  }
  if (!v.photo) errors.photo = t('report.photoRequired');
  const ok = parsed.success && Object.keys(errors).length === 0;
  return { errors, request: ok ? parsed.data : null };
}

/** The BFF's field errors (already Korean sentences) placed on this form's controls. */
export function serverFieldErrors(fieldErrors: Record<string, string>): ReportErrors {
  const out: ReportErrors = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = FIELD_OF[path.split('.').pop() ?? path];
    if (field && !out[field]) out[field] = message;
  }
  return out;
}
