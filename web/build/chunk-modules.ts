import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the build writes which source modules ended up in which chunk (read by bench/bundle.ts and check:budget). */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Emits `.vite/chunk-modules.json`: for every JS chunk, the modules it contains
 * (paths relative to the repository, node_modules packages included). The budget
 * check reads it to tell which libraries a page load pulled in, without guessing
 * from minified code. Dot-directories are not served by the BFF's static files.
 */
export function chunkModulesPlugin(root: string): Plugin {
  return {
    name: 'pawbridge-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        map[out.fileName] = out.moduleIds.map((id) => path.relative(root, id.replace(/^\0/, '')).split(path.sep).join('/'));
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(map) });
    },
  };
}
