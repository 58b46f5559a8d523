// npm run relevance: success@3 and MRR of our search, MiniSearch and Orama (default settings) on
// the same catalog and the people-written queries, by kind and language, for both sets: the one
// the engine is tuned on, and the held-out one nobody tuned on (test/fixtures/people-split.ts). A
// gap of more than 0.05 between them means the engine learned the queries. `--misses` lists the
// tuned set's misses (never the held-out set's).
import { peopleQueries } from '../test/fixtures/people-split.ts';
import { loadData, miniSearchEngine, oramaEngine, ourEngine, ratio, score, type Engine, type Scored } from '../test/relevance/engines.ts';
import { ROOT } from '../test/helpers.ts';

const data = await loadData(ROOT);
const engines: [string, Engine][] = [['ours', await ourEngine(data)], ['minisearch', miniSearchEngine(data)], ['orama', await oramaEngine(data)]];
const { tune, heldOut } = peopleQueries();

const cell = (s: Scored['all'] | undefined) => (s === undefined ? ''.padEnd(13) : `${ratio(s, 'success').toFixed(2)} ${ratio(s, 'rr').toFixed(2)} ${String(s.success).padStart(3)}/${String(s.n).padEnd(3)}`.padEnd(20));
for (const [half, queries] of [['tuned set', tune], ['held-out set', heldOut]] as const) {
  const scored = engines.map(([name, engine]) => [name, score(engine, queries)] as const);
  const kinds = [...new Set(scored.flatMap(([, s]) => [...s.byKind.keys()]))].sort();
  console.log(`\n${half}: ${queries.length} queries; each cell: success@3 MRR hits/n`);
  console.log(`${''.padEnd(14)}${engines.map(([n]) => n.padEnd(20)).join('')}`);
  console.log(`${'all'.padEnd(14)}${scored.map(([, s]) => cell(s.all)).join('')}`);
  for (const kind of kinds) console.log(`${kind.padEnd(14)}${scored.map(([, s]) => cell(s.byKind.get(kind))).join('')}`);
  if (half === 'tuned set' && process.argv.includes('--misses')) console.log(`\nmisses (ours, tuned set):\n${scored[0]![1].misses.join('\n')}`);
}
