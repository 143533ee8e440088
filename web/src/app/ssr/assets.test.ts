import { describe, expect, it } from 'vitest';
import { deferAppScripts, headExtras, SSR_BOOT_SRC } from './assets';

const template = `<!doctype html><html><head>
<meta charset="UTF-8" />
<title>t</title>
<script type="module" crossorigin src="/assets/index-A.js"></script>
<link rel="modulepreload" crossorigin href="/assets/base-B.js">
<link rel="stylesheet" crossorigin href="/assets/index-C.css">
<link rel="preload" as="font" type="font/woff2" href="/assets/font.woff2" crossorigin="">
</head><body></body></html>`;

const manifest = {
  'src/Route.tsx': { file: 'assets/Route-D.js', css: ['assets/Route-E.css'], imports: ['base'] },
  base: { file: 'assets/base-B.js' },
};

describe('the head of a server-rendered page (issue 26)', () => {
  const head = headExtras(template, manifest, ['src/Route.tsx']);

  it('links no script the first paint would wait for: no module script, no module preload', () => {
    expect(head).not.toMatch(/type="module"/);
    expect(head).not.toMatch(/modulepreload/);
  });

  it('hands the entry and every chunk of the route, once each, to the deferred boot script', () => {
    const boot = new RegExp(`<script defer src="${SSR_BOOT_SRC}" data-entry="([^"]*)" data-preload="([^"]*)"></script>`).exec(head);
    expect(boot?.[1]).toBe('/assets/index-A.js');
    expect(boot?.[2]?.split(' ')).toEqual(['/assets/base-B.js', '/assets/Route-D.js']);
  });

  it('keeps the stylesheets and the font preload, and adds the route styles', () => {
    expect(head).toContain('href="/assets/index-C.css"');
    expect(head).toContain('href="/assets/font.woff2"');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/Route-E.css">');
  });

  it('leaves a head without a module script as it is', () => {
    const plain = '<link rel="stylesheet" href="/a.css">';
    expect(deferAppScripts(plain, ['assets/x.js'])).toBe(plain);
  });
});
