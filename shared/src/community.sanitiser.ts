import sanitizeHtml from 'sanitize-html';
import { isAllowedPostLink, POST_HTML_TAGS, POST_LINK_REL, POST_LINK_TARGET } from './post-html';

/**
 * The one allow-list for post bodies (its tags and link rule in post-html.ts, which the web's
 * DOMPurify check reads too), used by our api before storing and by
 * the BFF before forwarding and serving (so a legacy upstream's stored HTML is
 * cleaned too). Exactly what the editor produces: text formatting, headings,
 * lists, quotes, code and links. No scripts, event handlers, style attributes
 * (nothing can overlay the page), iframes, forms or images; links only to
 * http(s)/mailto and always opened apart with noopener. Not exported from the
 * package index, so the browser bundle never carries it.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...POST_HTML_TAGS],
  allowedAttributes: { a: ['href', { name: 'target', values: [POST_LINK_TARGET] }, { name: 'rel', values: [POST_LINK_REL] }] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Contents of these go with them (a <script>'s text must not become visible text either).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'xmp',
    'noembed',
    'noframes',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    // h1 would compete with the page's own title.
    h1: 'h2',
    // A link must go to http(s) or mailto; any other <a> becomes its bare text (span is not allowed, its text is kept).
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      if (!isAllowedPostLink(href)) return { tagName: 'span', attribs: {} };
      return { tagName, attribs: { href, target: POST_LINK_TARGET, rel: POST_LINK_REL } };
    },
  },
};

export function sanitisePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
