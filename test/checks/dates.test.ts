import { describe, expect, it } from 'vitest';
import { dates } from '../../build/checks/dates.ts';
import { problemsOf, TODAY } from './run-check.ts';

describe('check: dates', () => {
  it('accepts updated_at on added_at, and verified_at today', async () => {
    expect(await problemsOf(dates, { 'tools/murf.json': (d) => { d.updated_at = d.added_at; d.verified_at = TODAY; } })).toEqual([]);
  });

  it('refuses an updated_at before added_at', async () => {
    expect(await problemsOf(dates, { 'tools/otter-ai.json': (d) => { d.added_at = '2026-05-01'; d.updated_at = '2026-04-01'; } })).toEqual([
      'catalog/tools/otter-ai.json:26 updated_at - 2026-04-01 is before added_at 2026-05-01; updated_at must be on or after added_at',
    ]);
  });

  it('refuses a check date after today, in a tool or a retired record', async () => {
    expect(await problemsOf(dates, {
      'tools/murf.json': (d) => { d.verified_at = '2099-01-01'; },
      'retired/playht.json': (d) => { d.verified_at = '2026-11-28'; },
    })).toEqual([
      `catalog/tools/murf.json:30 verified_at - 2099-01-01 is after today (${TODAY}); write the day you checked the sources`,
      `catalog/retired/playht.json:15 verified_at - 2026-11-28 is after today (${TODAY}); write the day you checked the sources`,
    ]);
  });
});
