import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Typography } from '@mantine/core';
import { isAllowedPostLink, POST_HTML_TAGS, POST_LINK_ATTRIBUTES, POST_LINK_REL, POST_LINK_TARGET } from '@pawbridge/shared/post-html';

// The servers already sanitised this HTML with the same allow-list (@pawbridge/shared post-html); the browser
// checks again before it touches the DOM, so a bug or an older row upstream still cannot run anything here.

let hooked = false;
function purifier() {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        const href = node.getAttribute('href') ?? '';
        if (!isAllowedPostLink(href)) node.removeAttribute('href');
        node.setAttribute('target', POST_LINK_TARGET);
        node.setAttribute('rel', POST_LINK_REL);
      }
    });
  }
  return DOMPurify;
}

export function cleanHtml(html: string): string {
  // In the BFF's server render there is no DOM for DOMPurify: the body it renders is the one the BFF's
  // gateway has just sanitised with the same allow-list (shared/community.sanitiser.ts).
  if (!DOMPurify.isSupported) return html;
  return purifier().sanitize(html, { ALLOWED_TAGS: [...POST_HTML_TAGS], ALLOWED_ATTR: [...POST_LINK_ATTRIBUTES], ALLOW_DATA_ATTR: false });
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
