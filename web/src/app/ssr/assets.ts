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

/** The boot script of a server-rendered page (web/public/ssr-boot.js). */
export const SSR_BOOT_SRC = '/ssr-boot.js';

/**
 * The app's scripts, loaded after the first paint (issue 26, decision 0032): a server-rendered
 * page paints without them, so index.html's module script and module preloads and the route's
 * chunks become one deferred boot script that adds them once the page has painted. With them in
 * the head, Chrome fetched ~20 chunks alongside the stylesheets and the first photo, and
 * Lighthouse's simulation put every script that finished before the paint on the paint's
 * critical path: FCP 2.3–3.1× and LCP 1.4–2.2× the same page without scripts.
 */
export function deferAppScripts(head: string, routeScripts: string[]): string {
  let entry: string | null = null;
  const preloads: string[] = [];
  const rest = head
    .replace(/<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*>\s*<\/script>/gi, (_, src: string) => {
      entry ??= src;
      return '';
    })
    .replace(/<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>/gi, (_, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(/\n\s*\n/g, '\n');
  if (entry === null) return head;
  const all = [...new Set([...preloads, ...routeScripts.map((f) => `/${f}`)])].filter((f) => f !== entry);
  const boot = `<script defer src="${SSR_BOOT_SRC}" data-entry="${escapeAttr(entry)}" data-preload="${escapeAttr(all.join(' '))}"></script>`;
  return `${rest.trim()}\n${boot}`;
}

/**
 * What goes into the page's head besides React's own tags: index.html's head without what the
 * render writes itself (charset, viewport, title, description) with its scripts turned into the
 * boot script, then the route's styles that index.html does not already link.
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
  const links = styles.filter((f) => !kept.includes(`/${f}"`)).map((f) => `<link rel="stylesheet" crossorigin href="/${escapeAttr(f)}">`);
  return [deferAppScripts(kept, scripts), ...links].filter(Boolean).join('\n');
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
