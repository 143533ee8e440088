import { createContext, useContext } from 'react';
import { t } from '@/messages';

/**
 * Where browsers and crawlers reach the app (the BFF's PUBLIC_ORIGIN). The server render
 * provides it; in the browser the page's own origin is the same thing.
 */
export const PublicOriginContext = createContext<string | undefined>(undefined);

export function usePublicOrigin(): string {
  const fromServer = useContext(PublicOriginContext);
  if (fromServer) return fromServer;
  return typeof window === 'undefined' ? '' : window.location.origin;
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin + '/').toString();
}

export interface PageMetaProps {
  /** The page's own title, without the app name. */
  title: string;
  description: string;
  /** Path on this origin (or absolute URL) of the preview photo. */
  image?: string | undefined;
  /** This page's canonical path, e.g. `/adopt/12`. */
  path: string;
  type?: 'website' | 'article';
}

/**
 * Open Graph, Twitter card and canonical tags for a shareable public page. React 19 hoists
 * `<meta>` and `<link>` into the document head, both in the server render (the first HTML a
 * crawler or KakaoTalk reads) and in the browser.
 */
export function PageMeta({ title, description, image, path, type = 'website' }: PageMetaProps) {
  const origin = usePublicOrigin();
  const url = absoluteUrl(origin, path);
  const imageUrl = image ? absoluteUrl(origin, image) : undefined;
  return (
    <>
      <link rel="canonical" href={url} />
      <meta name="description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={t('app.name')} />
      <meta property="og:locale" content="ko_KR" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {imageUrl && <meta name="twitter:image" content={imageUrl} />}
    </>
  );
}
