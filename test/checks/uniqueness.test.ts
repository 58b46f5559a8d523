import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { uniqueness } from '../../build/checks/uniqueness.ts';
import { FIXTURE_CATALOG } from '../helpers.ts';
import { json, problemsOf } from './run-check.ts';

const fixture = async (file: string) => JSON.parse(await readFile(path.join(FIXTURE_CATALOG, file), 'utf8')) as Record<string, unknown>;

describe('check: uniqueness', () => {
  it('accepts tools and categories that differ in slug, name and URL', async () => {
    expect(await problemsOf(uniqueness)).toEqual([]);
  });

  it('refuses a name that differs only in case and a URL that differs only in www or a trailing slash', async () => {
    expect(await problemsOf(uniqueness, { 'tools/murf.json': (d) => { d.name = 'ELEVENLABS'; d.url = 'https://www.elevenlabs.io'; d.updated_at = '2026-11-01'; } })).toEqual([
      'catalog/tools/murf.json:4 name - "ELEVENLABS" is already used by catalog/tools/elevenlabs.json; every name must be unique',
      'catalog/tools/murf.json:7 url - "https://www.elevenlabs.io" is already used by catalog/tools/elevenlabs.json; every url must be unique',
    ]);
  });

  it('blames a new file for a URL an older file has, even when the new file sorts first', async () => {
    const sd = await fixture('tools/stable-diffusion.json');
    const added = json({ ...sd, slug: 'aaa-diffusion', name: 'AAA Diffusion', url: 'https://murf.ai', added_at: '2026-11-20', updated_at: '2026-11-20' });
    expect(await problemsOf(uniqueness, { 'tools/aaa-diffusion.json': added })).toEqual([
      'catalog/tools/aaa-diffusion.json:7 url - "https://murf.ai" is already used by catalog/tools/murf.json; every url must be unique',
    ]);
  });

  it('blames the changed file (its updated_at raised) for a URL an untouched file has', async () => {
    expect(await problemsOf(uniqueness, { 'tools/midjourney.json': (d) => { d.url = 'https://www.otter.ai/'; d.updated_at = '2026-11-20'; } })).toEqual([
      'catalog/tools/midjourney.json:7 url - "https://www.otter.ai/" is already used by catalog/tools/otter-ai.json; every url must be unique',
    ]);
  });

  it('refuses two categories with one name', async () => {
    expect(await problemsOf(uniqueness, { 'categories/voice-cloning.json': (d) => { d.name = 'text to speech'; } })).toEqual([
      'catalog/categories/voice-cloning.json:4 name - "text to speech" is already used by catalog/categories/text-to-speech.json; every name must be unique',
    ]);
  });
});
