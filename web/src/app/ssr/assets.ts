/*
 * The first HTML's head (issue 26): the client build's index.html gives the entry script, its
 * styles and the font; the Vite manifest gives the server-rendered route's own chunks and
 * styles, so the page is styled before any script runs and hydrates without waiting for them.
 */

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

const isChunk = (v: unknown): v is ManifestChunk => typeof v === 'object' && v !== null && typeof (v as ManifestChunk).file === 'string';

/** The scripts and styles of `modules` and of every chunk they import, as manifest paths. */
export function routeAssets(manifest: Record<string, unknown>, modules: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!isChunk(chunk)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const m of modules) visit(m);
  return { scripts: [...scripts], styles: [...styles] };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The app's module script and module preloads at low fetch priority (issue 26, decision 0032): a
 * server-rendered page paints without them, so they must not take the slow connection from the
 * stylesheets and the first photo. At their default (high) priority Chrome fetches ~20 chunks
 * alongside the CSS, and Lighthouse's simulation counts every high-priority script that finished
 * before the paint as render-blocking: FCP 2.3–3.1× the same page without scripts.
 */
export function deprioritiseScripts(head: string): string {
  return head.replace(/<(script\b(?=[^>]*\btype="module")|link\b(?=[^>]*\brel="modulepreload"))(?![^>]*\bfetchpriority=)/gi, '<$1 fetchpriority="low"');
}

/**
 * What goes into the page's head besides React's own tags: index.html's head without what the
 * render writes itself (charset, viewport, title, description), then the route's styles and
 * module preloads that index.html does not already link.
 */
export function headExtras(template: string, manifest: Record<string, unknown>, modules: string[]): string {
  const head = /<head>([\s\S]*?)<\/head>/i.exec(template)?.[1] ?? '';
  const kept = head
    .replace(/<meta\s+charset=[^>]*>/i, '')
    .replace(/<meta\s+name="viewport"[^>]*>/i, '')
    .replace(/<meta\s+name="description"[^>]*>/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .trim();
  const { scripts, styles } = routeAssets(manifest, modules);
  const links = [
    ...styles.filter((f) => !kept.includes(`/${f}"`)).map((f) => `<link rel="stylesheet" crossorigin href="/${escapeAttr(f)}">`),
    ...scripts
      .filter((f) => !kept.includes(`/${f}"`))
      .map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeAttr(f)}">`),
  ];
  return [deprioritiseScripts(kept), ...links].filter(Boolean).join('\n');
}

/** Inserts `extra` before the first `</head>` of a streamed document; the rest streams through untouched. */
export function injectBeforeHeadEnd(extra: string): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  let done = false;
  return new TransformStream({
    transform(chunk, controller) {
      if (done) {
        controller.enqueue(chunk);
        return;
      }
      pending += decoder.decode(chunk, { stream: true });
      const at = pending.indexOf('</head>');
      if (at === -1) return;
      controller.enqueue(encoder.encode(pending.slice(0, at) + extra + pending.slice(at)));
      pending = '';
      done = true;
    },
    flush(controller) {
      if (!done && pending) controller.enqueue(encoder.encode(pending));
    },
  });
}
