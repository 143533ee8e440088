import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import zlib from 'node:zlib';
import { uiFontPlugin } from './build/ui-font';
import { chunkModulesPlugin } from './build/chunk-modules';

/** The web's test files that call vi.mock (read from the files, so a new one can never be missed). */
const MODULE_MOCKING_TESTS = fs
  .globSync('src/**/*.test.{ts,tsx}', { cwd: fileURLToPath(new URL('.', import.meta.url)) })
  .filter((file) => /\bvi\.mock\(/.test(fs.readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8')));

const bff = process.env.BFF_URL ?? 'http://127.0.0.1:3000';

// `vite build --ssr src/entry-server.tsx` (npm run build's second step): the server bundle the BFF
// loads (issue 26, docs/decisions/0032). Self-contained (every dependency bundled), so the BFF's
// image needs no web dependencies, and React's production build whatever NODE_ENV the BFF runs with.
export default defineConfig(({ isSsrBuild }) => ({
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true, target: 'node' as const },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  plugins: [
    react(),
    ...(isSsrBuild ? [] : [uiFontPlugin(fileURLToPath(new URL('./src/messages', import.meta.url)))]),
    ...(isSsrBuild ? [] : [chunkModulesPlugin(fileURLToPath(new URL('..', import.meta.url)))]),
    // Brotli and gzip copies made once at build time, served by the BFF (@fastify/static preCompressed)
    // and by the web image's server, so no request pays for compression.
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: /\.(js|mjs|css|html|svg|json|txt)$/,
            threshold: 1024,
            algorithms: [
              defineAlgorithm('gzip', { level: 9 }),
              defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            ],
            logLevel: 'silent',
          }),
        ]),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': bff,
      '/uploads': bff,
      '/oauth2': bff,
      // The providers' callback (PUBLIC_ORIGIN may be this dev server).
      '/login/oauth2': bff,
      '/docs': bff,
      '/ws': { target: bff, ws: true },
      '/dashboard': { target: bff, ws: true },
    },
  },
  build: isSsrBuild
    ? { target: 'node20', sourcemap: false, outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false }
    : {
        target: 'es2022',
        sourcemap: false,
        // The server render links each public route's own chunks and styles from the first HTML.
        manifest: true,
        chunkSizeWarningLimit: 600,
        rolldownOptions: {
          output: {
            // React, the class-name helper, Mantine's core (Box, the provider, styles API), its button base and loader,
            // the few hooks they use and the icons' shared base are needed by every screen: one chunk
            // instead of the several slivers automatic splitting cuts them into (decision 0023).
            codeSplitting: {
              groups: [
                {
                  name: 'base',
                  test: /node_modules[\\/](?:(react|react-dom|scheduler|clsx|use-sync-external-store|@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](UnstyledButton|Loader))|@mantine[\\/]hooks[\\/]esm[\\/](utils|use-isomorphic-effect|use-id|use-media-query|use-did-update|use-reduced-motion))[\\/]|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes)\.mjs$)/,
                },
                // The shared tables every screen reads (sentences, constants): one small chunk, not two slivers.
                {
                  name: 'sentences',
                  test: /shared[\\/]src[\\/](sentences|constants)\.ts$/,
                },
              ],
            },
          },
        },
      },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Three workers on two cores: tests wait a lot (docs/decisions/0030).
    maxWorkers: Math.max(3, availableParallelism() - 1),
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    projects: [
      // One module graph per worker: a file does not re-import React, Mantine and the app.
      { extends: true, test: { name: 'shared-graph', isolate: false, include: ['src/**/*.test.{ts,tsx}'], exclude: MODULE_MOCKING_TESTS } },
      // A module mock (vi.mock) is not honoured once another file in a shared graph has loaded the module
      // (the order decides, so it broke CI at random): files that mock modules get a graph of their own.
      { extends: true, test: { name: 'module-mocks', isolate: true, include: MODULE_MOCKING_TESTS } },
    ],
  },
}));
