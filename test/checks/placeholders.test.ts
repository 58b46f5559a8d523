import { describe, expect, it } from 'vitest';
import { placeholders } from '../../build/checks/placeholders.ts';
import { problemsOf } from './run-check.ts';

describe('check: placeholders', () => {
  it('accepts real text, including words that only contain a marker ("todoist")', async () => {
    expect(await problemsOf(placeholders, { 'tools/murf.json': (d) => { d.tagline = 'Voice-overs for Todoist tutorials and slides'; } })).toEqual([]);
  });

  it('refuses a TODO marker, lorem ipsum, example.com and replace-me, in tools, categories and retired records', async () => {
    expect(await problemsOf(placeholders, {
      'tools/murf.json': (d) => { d.tagline = 'TODO write a tagline here'; d.tags = ['replace-me']; },
      'categories/voice-cloning.json': (d) => { d.description = 'Lorem ipsum dolor sit amet, consectetur.'; },
      'retired/playht.json': (d) => { d.reason = 'see https://example.com for the story'; },
    })).toEqual([
      'catalog/tools/murf.json:5 tagline - contains a TODO/TBD/FIXME marker; write the real text',
      "catalog/tools/murf.json:12 tags - contains the placeholder 'replace-me'; write the real text",
      "catalog/categories/voice-cloning.json:5 description - contains placeholder text 'lorem ipsum'; write the real text",
      'catalog/retired/playht.json:6 reason - contains a placeholder domain (example.com); write the real text',
    ]);
  });
});
