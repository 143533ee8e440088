import { StrayReportRequestSchema, type StrayReportRequest } from '@pawbridge/shared';
import { schemaCheck } from '@/components/form/schema-check';
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

export const emptyReport = (): ReportValues => ({
  position: null,
  photo: null,
  gender: '',
  breed: '',
  description: '',
  location: '',
  foundDate: '',
  foundTime: '',
});

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

/** The control that shows a request field's (or the server's field path's) message. */
export const reportFieldOf = (path: string): ReportField | undefined => FIELD_OF[path.split('.').pop() ?? path];

/** Check the form the way the BFF will; returns the request when everything is valid. */
export function validateReport(v: ReportValues): { errors: ReportErrors; request: StrayReportRequest | null } {
  const candidate = {
    latitude: v.position?.lat,
    longitude: v.position?.lng,
    gender: v.gender || null,
    description: v.description,
    location: v.location || undefined,
    type: v.breed.trim() || null,
    foundDate: v.foundDate,
    foundTime: v.foundTime,
  };
  const { errors: found, data } = schemaCheck(StrayReportRequestSchema, candidate, (path, key) => {
    const field = FIELD_OF[path];
    return field && { field, message: t(KEY_MESSAGES[key] ?? 'report.fixErrors') };
  });
  const errors: ReportErrors = found;
  if (!v.photo) errors.photo = t('report.photoRequired');
  const ok = data !== undefined && Object.keys(errors).length === 0;
  return { errors, request: ok ? data : null };
}

/** This screen's sentence for a server field-error code; undefined when it has none. */
export const reportKeyMessage = (key: string): string | undefined => (KEY_MESSAGES[key] ? t(KEY_MESSAGES[key]) : undefined);

/**
 * The BFF's field errors placed on this form's controls: this screen's words for
 * each field's code, the server's text only where the code is unknown here.
 */
export function serverFieldErrors(fieldErrors: Record<string, string>, fieldErrorCodes: Record<string, string> = {}): ReportErrors {
  const out: ReportErrors = {};
  for (const path of new Set([...Object.keys(fieldErrorCodes), ...Object.keys(fieldErrors)])) {
    const field = reportFieldOf(path);
    const code = fieldErrorCodes[path];
    const message = (code === undefined ? undefined : reportKeyMessage(code)) ?? fieldErrors[path];
    if (field && message !== undefined && !out[field]) out[field] = message;
  }
  return out;
}
