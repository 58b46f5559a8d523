import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileNames } from '../../build/checks/file-names.ts';
import { FIXTURE_CATALOG } from '../helpers.ts';
import { problemsOf } from './run-check.ts';

describe('check: file-names', () => {
  it('accepts records whose files are named for their slugs', async () => {
    expect(await problemsOf(fileNames)).toEqual([]);
  });

  it('refuses a tool, a category or a retired record whose file is named otherwise, saying which to rename', async () => {
    const murf = await readFile(path.join(FIXTURE_CATALOG, 'tools/murf.json'), 'utf8');
    const audio = await readFile(path.join(FIXTURE_CATALOG, 'categories/text-to-speech.json'), 'utf8');
    const playht = await readFile(path.join(FIXTURE_CATALOG, 'retired/playht.json'), 'utf8');
    expect(await problemsOf(fileNames, { 'tools/murf-studio.json': murf, 'categories/tts.json': audio, 'retired/play-ht.json': playht })).toEqual([
      "catalog/tools/murf-studio.json:3 slug - slug 'murf' does not match the file name; rename the file to murf.json or fix the slug",
      "catalog/categories/tts.json:3 slug - slug 'text-to-speech' does not match the file name; rename the file to text-to-speech.json or fix the slug",
      "catalog/retired/play-ht.json:3 slug - slug 'playht' does not match the file name; rename the file to playht.json or fix the slug",
    ]);
  });
});
