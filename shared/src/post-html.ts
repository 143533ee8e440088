/**
 * The post-body allow-list, browser-safe so both sides of it read the same rule (decision 0028):
 * the servers clean with sanitize-html (community.sanitiser.ts, never in the browser bundle) and
 * the web checks again with DOMPurify before it touches the DOM (PostContent.tsx). Exactly what
 * the editor produces: text formatting, headings, lists, quotes, code and links.
 */
export const POST_HTML_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'hr',
  'a',
] as const;

/** A link's only attributes; target and rel are always these values. */
export const POST_LINK_ATTRIBUTES = ['href', 'target', 'rel'] as const;
export const POST_LINK_TARGET = '_blank';
export const POST_LINK_REL = 'noopener noreferrer nofollow';

/** A link may go to http(s) (with a host) or mailto only. */
export const isAllowedPostLink = (href: string): boolean => /^(https?:\/\/[^\s/]|mailto:)/i.test(href.trim());
