import { describe, expect, it } from 'vitest';
import { lifecycle } from '../../build/checks/lifecycle.ts';
import { problemsOf } from './run-check.ts';

const sunset = { 'tools/murf.json': (d: Record<string, unknown>) => { d.sunset_at = '2026-03-31'; d.successor = 'elevenlabs'; } };

describe('check: lifecycle', () => {
  it('accepts a tool with a sunset and a successor up to and on its last day', async () => {
    expect(await problemsOf(lifecycle, sunset, '2026-03-31')).toEqual([]);
  });

  it('refuses the record the day after its sunset, saying to move it to retired/', async () => {
    expect(await problemsOf(lifecycle, sunset, '2026-04-01')).toEqual([
      "catalog/tools/murf.json:31 sunset_at - the service ended on 2026-03-31: move the record to catalog/retired/murf.json with retired_at 2026-03-31 and successor 'elevenlabs', and sources that show the end (see CONTRIBUTING.md, \"Retire a tool\")",
    ]);
  });

  it('refuses a successor without sunset_at', async () => {
    expect(await problemsOf(lifecycle, { 'tools/otter-ai.json': (d) => { d.successor = 'elevenlabs'; } })).toEqual([
      'catalog/tools/otter-ai.json:32 successor - a successor goes with sunset_at, the announced last day; add sunset_at or remove successor',
    ]);
  });
});
