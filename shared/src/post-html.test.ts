import { describe, expect, it } from 'vitest';
import { sanitisePostHtml } from './community.sanitiser';
import { isAllowedPostLink, POST_HTML_TAGS } from './post-html';

describe('post-html allow-list', () => {
  it('links go to http(s) with a host or to mailto only', () => {
    expect(['https://a.example', 'http://a.example/x', 'mailto:a@b.example', ' https://a.example'].every(isAllowedPostLink)).toBe(true);
    expect(['javascript:alert(1)', 'https:///x', 'data:text/html,x', '//a.example', 'ftp://a.example'].some(isAllowedPostLink)).toBe(false);
  });

  it('is the list the servers’ sanitiser keeps: every allowed tag survives, a tag outside it does not', () => {
    for (const tag of POST_HTML_TAGS.filter((t) => t !== 'br' && t !== 'hr' && t !== 'a'))
      expect(sanitisePostHtml(`<${tag}>x</${tag}>`)).toBe(`<${tag}>x</${tag}>`);
    expect(sanitisePostHtml('<section>x</section>')).toBe('x');
  });
});
