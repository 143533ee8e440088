import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Typography } from '@mantine/core';

// The servers already sanitised this HTML with the same allow-list; the browser checks again
// before it touches the DOM, so a bug or an older row upstream still cannot run anything here.
const ALLOWED_TAGS = [
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
];

let hooked = false;
function purifier() {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        const href = node.getAttribute('href') ?? '';
        if (!/^(https?:\/\/|mailto:)/i.test(href)) node.removeAttribute('href');
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
  }
  return DOMPurify;
}

export function cleanHtml(html: string): string {
  return purifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'], ALLOW_DATA_ATTR: false });
}

/** A post body: sanitised HTML in the theme's typography. */
export default function PostContent({ html }: { html: string }) {
  const clean = useMemo(() => cleanHtml(html), [html]);
  return (
    <Typography>
      {/* Sanitised twice: by the servers' allow-list and by DOMPurify above. */}
      <div dangerouslySetInnerHTML={{ __html: clean }} style={{ overflowWrap: 'anywhere' }} />
    </Typography>
  );
}
