/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

// The API is served by `marquee serve` on the same origin; in development Vite
// proxies /api and /healthz to it (MARQUEE_DEV_API, default 127.0.0.1:8080).
const api = process.env.MARQUEE_DEV_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': api, '/healthz': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Every module the entry imports statically (React, the router, i18next,
        // TanStack Query, Mantine's core and the shell) goes into one chunk: they
        // all load before any page anyway, and as some thirty small chunks
        // shared with the lazy pages they cost about 9 KB gzip more (per-file
        // overhead, imports and exports between them, and the preload lists).
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // One test file per core: Vitest's default (cores - 1) runs the files one
    // at a time on a two-core machine, while its main process mostly waits.
    maxWorkers: availableParallelism(),
    // A worker keeps its modules from one test file to the next instead of
    // importing React, Mantine and the app again for each of the 78 files
    // (measured: 5 min 44 s of CPU isolated, 1 min 51 s shared). The state a
    // test can leave behind is reset after every test in src/test/setup.ts.
    isolate: false,
    // A ceiling, not a wait: make test runs Vitest beside the Go and the
    // browser tests, and a loaded machine must not turn slow renders into
    // failures.
    testTimeout: 90_000,
  },
});
