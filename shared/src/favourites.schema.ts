import { z } from 'zod';
import { DesertionNoSchema } from './shelter.schema';
import { REGIONS } from './regions';
import { clockTime, isoDate, optionalText } from './validation';

// Favourites and saved searches on the adopt list (issue 28; docs/decisions/0044).
// Our api only: in front of the legacy Spring service every path answers 501 and `/api/config`'s
// `favourites` is false, so the web shows no heart and no save-search button.

export const FAVOURITE_LIMITS = {
  /** Hearts a member may keep (409 FAVOURITE_LIMIT beyond). */
  favouritesMax: 200,
  /** Saved searches a member may keep (409 SAVED_SEARCH_LIMIT beyond). */
  savedSearchesMax: 10,
  /** Days before a shelter notice ends when its favourites are reminded. */
  reminderDaysBefore: 3,
} as const;

/** What a favourite's animal has become, in the groups its notes speak of. */
export const FAVOURITE_STATUSES = ['OPEN', 'ADOPTED', 'RETURNED', 'ENDED'] as const;
export const FavouriteStatusSchema = z.enum(FAVOURITE_STATUSES);
export type FavouriteStatus = z.infer<typeof FavouriteStatusSchema>;

export const FavouriteStrayParamsSchema = z.object({ id: z.coerce.number({ error: 'invalid' }).int('invalid').positive('invalid') });
export const FavouriteShelterParamsSchema = z.object({ desertionNo: DesertionNoSchema });

/** The member's hearts as keys, so every card on /adopt can fill its heart in after hydration. */
export const FavouriteKeysSchema = z.object({
  strays: z.array(z.number().int().positive()),
  shelter: z.array(z.string()),
});
export type FavouriteKeys = z.infer<typeof FavouriteKeysSchema>;

/** One entry of the favourites list: enough for a row (photo, name or breed, status, the notice's last day). */
export const FavouriteSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('member'),
    strayId: z.number().int().positive(),
    name: z.string(),
    breed: z.string().nullable(),
    imageUrl: z.string().nullable(),
    status: FavouriteStatusSchema,
    createdAt: z.string(),
  }),
  z.object({
    source: z.literal('shelter'),
    desertionNo: z.string(),
    breed: z.string(),
    noticeNo: z.string().nullable(),
    imageUrl: z.string().nullable(),
    status: FavouriteStatusSchema,
    /** 'yyyy-MM-dd' or null: the web counts the D-day from it. */
    noticeEnd: z.string().nullable(),
    createdAt: z.string(),
  }),
]);
export type Favourite = z.infer<typeof FavouriteSchema>;
export const FavouriteListSchema = z.array(FavouriteSchema);

export const SAVED_SEARCH_SOURCES = ['all', 'member', 'shelter'] as const;

/** A saved adopt search: the adopt list's address filters plus the source; the web names it in words. */
export const SavedSearchRequestSchema = z
  .object({
    source: z.enum(SAVED_SEARCH_SOURCES, { error: 'invalid' }).default('all'),
    region: z.enum(REGIONS, { error: 'invalid' }).nullable().default(null),
    foundDate: isoDate('foundDateInvalid', 'foundDateInvalid').nullable().default(null),
    foundTime: clockTime('foundTimeInvalid', 'foundTimeInvalid').nullable().default(null),
    location: optionalText(100)
      .transform((s) => s || null)
      .nullable()
      .default(null),
  })
  .strict();
export type SavedSearchRequest = z.infer<typeof SavedSearchRequestSchema>;
export type SavedSearchInput = z.input<typeof SavedSearchRequestSchema>;

export const SavedSearchSchema = z.object({
  id: z.number().int().positive(),
  source: z.enum(SAVED_SEARCH_SOURCES),
  region: z.enum(REGIONS).nullable(),
  foundDate: z.string().nullable(),
  foundTime: z.string().nullable(),
  location: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;
export const SavedSearchListSchema = z.array(SavedSearchSchema);
export const SavedSearchParamsSchema = z.object({ id: z.coerce.number({ error: 'invalid' }).int('invalid').positive('invalid') });
export const SavedSearchCreatedSchema = z.object({ id: z.number().int().positive() });
