import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for post bodies, used by our api before storing and by
 * the BFF before forwarding and serving (so a legacy upstream's stored HTML is
 * cleaned too). Exactly what the editor produces: text formatting, headings,
 * lists, quotes, code and links. No scripts, event handlers, style attributes
 * (nothing can overlay the page), iframes, forms or images; links only to
 * http(s)/mailto and always opened apart with noopener. Not exported from the
 * package index, so the browser bundle never carries it.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: { a: ['href', { name: 'target', values: ['_blank'] }, { name: 'rel', values: ['noopener noreferrer nofollow'] }] },
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
      if (!/^(https?:\/\/[^\s/]|mailto:)/i.test(href)) return { tagName: 'span', attribs: {} };
      return { tagName, attribs: { href, target: '_blank', rel: 'noopener noreferrer nofollow' } };
    },
  },
};

export function sanitisePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
