import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalFormat } from '../../build/checks/canonical-format.ts';
import { FIXTURE_CATALOG } from '../helpers.ts';
import { problemsOf } from './run-check.ts';

const FIX = 'is not in canonical format (2-space JSON, keys in schema order, newline at the end); run `npm run format` to fix it';
const minified = async (file: string) => JSON.stringify(JSON.parse(await readFile(path.join(FIXTURE_CATALOG, file), 'utf8')));

describe('check: canonical-format', () => {
  it('accepts files as `npm run format` writes them', async () => {
    expect(await problemsOf(canonicalFormat)).toEqual([]);
  });

  it('refuses a tool with its keys out of order, and retired, vocabulary and sources files not written canonically', async () => {
    const { slug, ...rest } = JSON.parse(await readFile(path.join(FIXTURE_CATALOG, 'tools/murf.json'), 'utf8'));
    expect(await problemsOf(canonicalFormat, {
      'tools/murf.json': `${JSON.stringify({ ...rest, slug }, null, 2)}\n`,
      'retired/playht.json': await minified('retired/playht.json'),
      'sources.json': await minified('sources.json'),
    })).toEqual([
      `catalog/tools/murf.json - ${FIX}`,
      `catalog/retired/playht.json - ${FIX}`,
      `catalog/sources.json - ${FIX}`,
    ]);
  });
});
