import { describe, expect, it } from 'vitest';
import { references } from '../../build/checks/references.ts';
import { problemsOf } from './run-check.ts';

describe('check: references', () => {
  it('accepts successors and alternatives that are current tools', async () => {
    expect(await problemsOf(references, { 'tools/murf.json': (d) => { d.sunset_at = '2099-01-01'; d.successor = 'elevenlabs'; } })).toEqual([]);
  });

  it('names a retired record\'s successor that is no current tool, with a suggestion, and refuses chains of retired tools', async () => {
    expect(await problemsOf(references, { 'retired/old-diffusion.json': (d) => { d.successor = 'stabel-diffusion'; d.alternatives = ['playht']; } })).toEqual([
      "catalog/retired/old-diffusion.json:7 successor - no current tool has the slug 'stabel-diffusion'. Did you mean 'stable-diffusion'?",
      "catalog/retired/old-diffusion.json:9 alternatives[0] - 'playht' is retired too; name a current tool (no chains of retired tools)",
    ]);
  });

  it('names a live tool\'s successor that is unknown or retired', async () => {
    expect(await problemsOf(references, {
      'tools/otter-ai.json': (d) => { d.successor = 'elevenlab'; },
      'tools/murf.json': (d) => { d.successor = 'playht'; },
    })).toEqual([
      "catalog/tools/murf.json:31 successor - 'playht' is retired; the successor must be a current tool",
      "catalog/tools/otter-ai.json:32 successor - unknown tool 'elevenlab'; the successor must be a current tool. Did you mean 'elevenlabs'?",
    ]);
  });

  it('says which tool a former slug now names, rather than guess a look-alike', async () => {
    expect(await problemsOf(references, {
      'tools/murf.json': (d) => { d.sunset_at = '2099-01-01'; d.successor = 'eleven-labs'; },
      'retired/playht.json': (d) => { d.alternatives = ['eleven-labs']; },
    })).toEqual([
      "catalog/retired/playht.json:9 alternatives[0] - 'eleven-labs' is a former slug of 'elevenlabs'; write 'elevenlabs' (npm run rename-tool updates every reference)",
      "catalog/tools/murf.json:32 successor - 'eleven-labs' is a former slug of 'elevenlabs'; write 'elevenlabs' (npm run rename-tool updates every reference)",
    ]);
  });
});
