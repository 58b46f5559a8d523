// Runs beside every test file (vitest setupFiles): its temporary folders are removed once the
// file's own afterAll hooks have stopped what used them (vitest runs after-hooks in reverse order
// of registration, and this file registers first).
import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers.ts';

afterAll(removeTempDirs);
