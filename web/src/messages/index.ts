// The one Korean message catalogue of the SPA. Each domain keeps its keys in
// its own file; this index merges them and interpolates `{param}`.
import { common } from './common';
import { auth } from './auth';
import { strays } from './strays';
import { adoption } from './adoption';
import { pets } from './pets';
import { notifications } from './notifications';
import { dashboard } from './dashboard';
import { community } from './community';
import { donations } from './donations';
import { home } from './home';
import { mypage } from './mypage';
import { errors } from './errors';
import { shelter } from './shelter';
import { paging } from './paging';
import { lost, lostBoardEntry } from './lost';
import type { LostBoardMessages } from './lost-board';
import { lostHome } from './lost-home';
import { lostMatchReasons } from './lost-match-reasons';
import type { LostFormsMessages } from './lost-forms';
import type { LostStripMessages } from './lost-strip';
import { registeredMessage } from './registry';
import type { LostCommentsMessages } from './lost-comments';
import type { LostMatchesMessages } from './lost-matches';
import { animal } from './animal';
import { alerts } from './alerts';
import type { AlertsScreensMessages } from './alerts-screens';
import { favourites } from './favourites';
import { particle } from './josa';

export const ko = {
  ...common,
  ...auth,
  ...strays,
  ...adoption,
  ...pets,
  ...notifications,
  ...dashboard,
  ...community,
  ...donations,
  ...home,
  ...mypage,
  ...shelter,
  ...paging,
  ...lost,
  ...lostHome,
  ...lostMatchReasons,
  ...lostBoardEntry,
  ...animal,
  ...alerts,
  ...favourites,
  ...errors,
} as const;
/** The entry's words and those lazily loaded screens register (lost-forms.ts). */
export type MessageKey =
  | keyof typeof ko
  | keyof LostFormsMessages
  | keyof LostStripMessages
  | keyof LostBoardMessages
  | keyof LostCommentsMessages
  | keyof AlertsScreensMessages
  | keyof LostMatchesMessages;
const lookup = (key: string): string | undefined => (key in ko ? ko[key as keyof typeof ko] : registeredMessage(key));

/**
 * The message for `key` with `{param}` filled in. `{param|이/가}` also appends the
 * particle that fits the value's last sound (Korean particles change with it).
 */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const template = lookup(key) ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)(?:\|([^}]+))?\}/g, (m, name: string, pair: string | undefined) => {
    if (params[name] === undefined) return m;
    const value = String(params[name]);
    return pair ? value + particle(value, pair) : value;
  });
}

/** A message key chosen at run time (e.g. from a server field error key); falls back to `fallback`. */
export function tKey(key: string, fallback: MessageKey): string {
  return lookup(key) ?? lookup(fallback) ?? fallback;
}

/** The message for a key chosen at run time, or undefined when the catalogue has no such key. */
export function tMaybe(key: string): string | undefined {
  return lookup(key);
}
