import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One file per core; vitest's default leaves a core free, which on a 2-core machine runs the
    // files one at a time although most of them spend much of their time waiting on child
    // processes, Redis, Chromium or deadlines. Each file still runs in a process of its own.
    maxWorkers: availableParallelism(),
  },
});
