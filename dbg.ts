import { loadData } from '/work/wt/search/test/relevance/engines.ts';
import { buildSearchIndex } from '/work/wt/search/snapshot/search-index.ts';
import { createSearchEngine } from '/work/wt/search/snapshot/search/index.ts';
const data = await loadData('/work/wt/search');
console.log(Object.keys(data.vocabulary), Object.keys(data.vocabulary.constraints).length, Object.keys(data.vocabulary.languages));
const engine = createSearchEngine(data, buildSearchIndex(data.tools));
for (const q of process.argv.slice(2)) {
  const p = engine.page(q, {}, 0, 5);
  console.log(q, '=>', JSON.stringify(p.interpreted), p.total, p.hits.map((h) => data.tools[h.index]!.slug + ':' + h.score).join(' '));
}
