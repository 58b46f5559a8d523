import { describe, expect, it } from 'vitest';
import { identifiers } from '../../build/checks/identifiers.ts';
import { json, problemsOf } from './run-check.ts';

const FOREVER = 'a slug names one tool or category forever, current, former or retired';

describe('check: identifiers', () => {
  it('accepts former slugs and retired slugs that no other record uses', async () => {
    expect(await problemsOf(identifiers, { 'tools/murf.json': (d) => { d.former_slugs = ['murf-studio']; } })).toEqual([]);
  });

  it('refuses a former slug that is another tool\'s slug, or a retired tool\'s', async () => {
    expect(await problemsOf(identifiers, { 'tools/murf.json': (d) => { d.former_slugs = ['midjourney', 'playht']; } })).toEqual([
      `catalog/tools/murf.json:32 former_slugs[0] - slug 'midjourney' is already used by catalog/tools/midjourney.json; ${FOREVER}`,
      `catalog/tools/murf.json:33 former_slugs[1] - slug 'playht' is already used by catalog/retired/playht.json; ${FOREVER}`,
    ]);
  });

  it('refuses a retired slug that a current tool still uses', async () => {
    const retiredMurf = json({ $schema: '../schema/retired.schema.json', slug: 'murf', name: 'Murf', retired_at: '2025-01-01', reason: 'a test of a reused slug', successor: 'elevenlabs', alternatives: [], sources: ['https://murf.ai/blog'], verified_at: '2025-01-02' });
    expect(await problemsOf(identifiers, { 'retired/murf.json': retiredMurf })).toEqual([
      `catalog/retired/murf.json:3 slug - slug 'murf' is already used by catalog/tools/murf.json; ${FOREVER}`,
    ]);
  });

  it('refuses a category\'s former slug that another category has', async () => {
    expect(await problemsOf(identifiers, { 'categories/voice-cloning.json': (d) => { d.former_slugs = ['text-to-speech']; } })).toEqual([
      `catalog/categories/voice-cloning.json:8 former_slugs[0] - slug 'text-to-speech' is already used by catalog/categories/text-to-speech.json; ${FOREVER}`,
    ]);
  });
});
