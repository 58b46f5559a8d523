// The engine on queries written by people who never read snapshot/search/ or the vocabulary: the
// set it is tuned on (test/fixtures/people-split.ts) must stay above these floors. The held-out
// set is scored by `npm run relevance` only, so that it keeps measuring what nobody tuned for.
import { beforeAll, describe, expect, it } from 'vitest';
import { peopleQueries, type PeopleQuery } from './fixtures/people-split.ts';
import { loadData, ourEngine, ratio, score, type Engine } from './relevance/engines.ts';
import { ROOT } from './helpers.ts';

describe('search on people-written queries (the tuned set)', () => {
  let engine: Engine;
  let tune: PeopleQuery[];

  beforeAll(async () => {
    engine = await ourEngine(await loadData(ROOT));
    tune = peopleQueries().tune;
  });

  it('keeps the held-out queries apart: none of them tuned on, every kind in both sets, at least 9 in each language held out', () => {
    const { tune: a, heldOut: b } = peopleQueries();
    expect(a.length + b.length).toBeGreaterThanOrEqual(240);
    const folded = (q: PeopleQuery) => q.q.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    expect(b.filter((q) => a.some((o) => folded(o) === folded(q))).map((q) => q.q)).toEqual([]);
    const kinds = (qs: PeopleQuery[]) => new Set(qs.map((q) => `${q.kind}/${q.kind === 'language' ? q.lang : ''}`));
    expect([...kinds(a)].sort()).toEqual([...kinds(b)].sort());
    for (const lang of ['de', 'fr', 'es', 'pt', 'it', 'nl']) expect(b.filter((q) => q.kind === 'language' && q.lang === lang).length, lang).toBeGreaterThanOrEqual(9);
  });

  it('finds an accepted tool in the top 3 for at least 90% of them, and answers nothing to 9 of 10 off-topic ones', () => {
    const scored = score(engine, tune);
    const lines = [...scored.byKind].map(([kind, s]) => `  ${kind.padEnd(12)} ${s.success}/${s.n}  success@3=${ratio(s, 'success').toFixed(2)}  MRR=${ratio(s, 'rr').toFixed(2)}`);
    console.log(`people-written queries, tuned set: success@3=${ratio(scored.all, 'success').toFixed(3)} MRR=${ratio(scored.all, 'rr').toFixed(3)}\n${lines.join('\n')}\nmisses:\n  ${scored.misses.join('\n  ')}`);
    expect(ratio(scored.all, 'success')).toBeGreaterThanOrEqual(0.9);
    expect(ratio(scored.byKind.get('offtopic')!, 'success')).toBeGreaterThanOrEqual(0.9);
  });

  it('finds an accepted tool in the top 3 for at least 8 of 10 queries in each of the six languages', () => {
    const scored = score(engine, tune.filter((q) => q.kind === 'language'));
    for (const lang of ['de', 'fr', 'es', 'pt', 'it', 'nl']) {
      expect(ratio(scored.byKind.get(`language/${lang}`)!, 'success'), lang).toBeGreaterThanOrEqual(0.8);
    }
  });
});
