// The one slug resolver every reader of a slug uses (item paths, similar_to, slugs= and MCP).
import { describe, expect, it } from 'vitest';
import { nearestSlugs, resolveSlug, type SlugTable } from '../snapshot/slugs.ts';
import type { RetiredTool } from '../snapshot/types.ts';

const old: RetiredTool = { slug: 'old-tool', name: 'Old Tool', retired_at: '2026-01-01', reason: 'shut down', successor: 'murf', alternatives: [] } as RetiredTool;
const table: SlugTable = {
  current: new Map([['elevenlabs', 0], ['murf', 1]]),
  moved: new Map([['eleven-labs', 'elevenlabs'], ['gone-away', 'no-such-tool']]),
  retired: new Map([['old-tool', old]]),
};

describe('resolveSlug', () => {
  it('names a current item, the item a former slug became, a retired tool, or nothing', () => {
    expect(resolveSlug(table, 'murf')).toEqual({ kind: 'current', index: 1 });
    expect(resolveSlug(table, 'eleven-labs')).toEqual({ kind: 'moved', index: 0, to: 'elevenlabs' });
    expect(resolveSlug(table, 'old-tool')).toEqual({ kind: 'retired', tool: old });
    expect(resolveSlug(table, 'nope')).toEqual({ kind: 'unknown' });
  });

  it('reads a slug exactly as written (capitals are the reader\'s rule) and a rename to nothing current as nothing', () => {
    expect(resolveSlug(table, 'Murf')).toEqual({ kind: 'unknown' });
    expect(resolveSlug(table, 'gone-away')).toEqual({ kind: 'unknown' });
  });
});

describe('nearestSlugs', () => {
  it('offers current and retired slugs close to an unknown one, never former slugs, and none for a very long one', () => {
    expect(nearestSlugs(table, 'ElevenLab')).toEqual(['elevenlabs']);
    expect(nearestSlugs(table, 'old-tol')).toEqual(['old-tool']);
    expect(nearestSlugs(table, 'eleven-lab')).toEqual(['elevenlabs']);
    expect(nearestSlugs(table, 'm'.repeat(201))).toEqual([]);
  });
});
