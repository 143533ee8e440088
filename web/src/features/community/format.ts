import type { PostType } from '@pawbridge/shared';
import { t, tKey, tMaybe } from '@/messages';

export const typeLabel = (type: PostType): string => t(`community.type.${type}`);

/** The post's day in Korea (spec: "date, first 10 characters"), from the ISO instant the BFF sends. */
export function postDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** The name an author is shown by (the BFF sends a nickname or a masked id, never the login id). */
export const authorName = (author: string | null): string => author ?? t('community.anonymous');

/** A shared validation key in this screen's words. */
export const validationText = (key: string): string => tKey(`community.validation.${key}`, 'community.validation.invalid');
/** The sentence for a server field-error code, or undefined when this board has none (then the server's text is shown). */
export const validationTextIfKnown = (key: string): string | undefined => tMaybe(`community.validation.${key}`);

export const TYPE_COLORS: Record<PostType, string> = { TEMP_PROTECT: 'orange', SHOW_OFF: 'grape', REVIEW: 'teal' };

/** A post id from the path: plain positive digits, else null (nothing to load). */
export const postIdOf = (raw: string | undefined): number | null => (raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null);
