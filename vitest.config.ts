import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Tests that run in this process alone (no server of their own, child process, Redis or browser,
 * no change to the process's environment or working folder): they share their worker's modules,
 * and the catalog loaded once, instead of loading them again per file (on 2 cores: 33 -> 16 s for
 * the ten largest of them).
 */
const UNIT = ['test/checks/*.test.ts', 'test/edit-distance.test.ts', 'test/json-file.test.ts', 'test/field-line.test.ts', 'test/slugs.test.ts',
  'test/bounded-cache.test.ts', 'test/memory-rate-limiter.test.ts', 'test/access-log.test.ts',
  'test/search.test.ts', 'test/search-reading.test.ts', 'test/search-people.test.ts', 'test/highlight.test.ts', 'test/facets.test.ts', 'test/catalog.test.ts',
  'test/gateway.test.ts', 'test/gateway-fuzz.test.ts', 'test/mcp-tools.test.ts', 'test/validate.test.ts',
  'test/mcp-route.test.ts', 'test/lifecycle.test.ts', 'test/bounds.test.ts', 'test/usage.test.ts', 'test/curator.test.ts', 'test/readme.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/temp-cleanup.ts'],
    hookTimeout: 60_000,
    // One file per core; vitest's default leaves a core free, which on a 2-core machine runs the
    // files one at a time although most of them spend much of their time waiting on child
    // processes, Redis, Chromium or deadlines. Each file still runs in a process of its own.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, isolate: false } },
      { extends: true, test: { name: 'integration', include: ['test/**/*.test.ts'], exclude: UNIT } },
    ],
  },
});
