// The one Korean message catalogue of the SPA. Each domain keeps its keys in
// its own file; this index merges them and interpolates `{param}`.
import { common } from './common';
import { auth } from './auth';
import { strays } from './strays';
import { adoption } from './adoption';
import { pets } from './pets';

export const ko = { ...common, ...auth, ...strays, ...adoption, ...pets } as const;
export type MessageKey = keyof typeof ko;

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const template: string = ko[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (params[name] !== undefined ? String(params[name]) : m));
}

/** A message key chosen at run time (e.g. from a server field error key); falls back to `fallback`. */
export function tKey(key: string, fallback: MessageKey): string {
  return key in ko ? ko[key as MessageKey] : ko[fallback];
}
