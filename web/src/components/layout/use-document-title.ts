import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { RouteHandle } from '@/lib/route-handle';
import { t } from '@/messages';

/** "<screen> · <app name>": the deepest route's `handle.title`; home is the app name alone. */
export function documentTitle(handles: unknown[]): string {
  const key = handles
    .map((h) => (h as RouteHandle | undefined)?.title)
    .filter((k) => k !== undefined)
    .at(-1);
  if (!key || key === 'title.home') return t('app.name');
  return t('title.suffix', { page: t(key) });
}

export function useDocumentTitle() {
  const matches = useMatches();
  const title = documentTitle(matches.map((m) => m.handle));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
