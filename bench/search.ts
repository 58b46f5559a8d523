// npm run bench:search: synthetic catalogs of 10,000 and 100,000 tools; index size (raw and gzip),
// load time (import of the exported index, as the gateway does), and query latency p50/p99 over
// 1,000 varied queries (names, prefixes, typos, needs, multi-word, misses), each a first page of
// 20 with its exact total, on a warm engine and on one that remembers no word. Run with
// --expose-gc (the npm script does), so queries are timed after the loads' garbage is collected.
// Targets at 100,000 tools: p99 under 5 ms in process, load under 1 s.
import { gzipSync } from 'node:zlib';
import { GROUP_SLUGS, PLATFORMS, PRICING } from '../snapshot/schema.ts';
import { buildSearchIndex, exportSearchIndex, importSearchIndex } from '../snapshot/search-index.ts';
import { createSearchEngine, type Recall, type SearchEngine } from '../snapshot/search/index.ts';
import type { SnapshotData, Tool } from '../snapshot/types.ts';
import { readFileSync } from 'node:fs';
import { compileSearchVocabulary } from '../build/search-vocabulary.ts';
import { vocabularyFileSchema } from '../snapshot/vocabulary-schema.ts';
import { mulberry32, SYLLABLES } from './synthetic.ts';

/** The catalog's own vocabulary (languages, constraints, phrasings), so each query is read as the gateway reads it. */
const VOCABULARY = vocabularyFileSchema.parse(JSON.parse(readFileSync(new URL('../catalog/vocabulary.json', import.meta.url), 'utf8')));

const NEEDS = ['text to speech', 'remove background', 'meeting notes', 'vector database', 'write code', 'make a logo', 'upscale image', 'voice cloning',
  'transcribe audio', 'music generator', 'chat with pdf', 'video editing', 'translate documents', 'customer support', 'seo content', 'resume builder'];
const WORDS = [...new Set(NEEDS.join(' ').split(' ')), 'image', 'video', 'audio', 'agent', 'research', 'design', 'data', 'sales', 'legal', 'health', 'tutor', 'slides'];

function syntheticData(n: number, seed = 7): SnapshotData {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const categories = Array.from({ length: 200 }, (_, i) => ({ slug: `cat-${i}`, name: `${pick(WORDS)} ${pick(WORDS)}`, description: 'x', group: GROUP_SLUGS[i % GROUP_SLUGS.length]!, tool_count: 0 }));
  const tools: Tool[] = Array.from({ length: n }, (_, i) => {
    const name = `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}${rand() < 0.3 ? ` ${pick(WORDS)}` : ''}`;
    const cats = [pick(categories), pick(categories)];
    return {
      slug: `t-${i}`, name, tagline: `${pick(NEEDS)} for ${pick(WORDS)} teams`,
      description: `${name} helps with ${pick(NEEDS)}, ${pick(NEEDS)} and ${pick(WORDS)} ${pick(WORDS)} work for people who need ${pick(NEEDS)}.`,
      url: `https://t${i}.dev/`, maker: `Maker ${i % 500}`, categories: cats.map((c) => ({ slug: c.slug, name: c.name })),
      tags: [pick(NEEDS).replace(/ /g, '-'), pick(WORDS)], pricing: pick(PRICING), open_source: rand() < 0.3, repository: null,
      platforms: [pick(PLATFORMS)], launched: null, added_at: '2026-01-01', updated_at: '2026-01-01',
      sources: [`https://t${i}.dev/pricing`], verified_at: '2026-01-01', sunset_at: null, successor: null,
    };
  });
  return { tools, categories, tools_by_newest: [], categories_by_tool_count: [], moved: { tools: {}, categories: {} }, retired: [], vocabulary: compileSearchVocabulary(VOCABULARY, tools, categories), aliases: {}, prominence: {}, groups: [...GROUP_SLUGS], pricing: [...PRICING], platforms: [...PLATFORMS] };
}

function queries(data: SnapshotData, count: number): string[] {
  const rand = mulberry32(99);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const typo = (s: string) => { const i = 1 + Math.floor(rand() * (s.length - 2)); return s.slice(0, i) + s.slice(i + 1); };
  const kinds = [
    () => pick(data.tools).name.toLowerCase(),
    () => pick(data.tools).name.slice(0, 5),
    () => typo(pick(data.tools).name.toLowerCase()),
    () => pick(NEEDS),
    () => `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}`,
    () => `zq${Math.floor(rand() * 1e6)}xv`,
  ];
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length]!());
}

/**
 * The engine's memory is the gateway's one cache; this stands in for it: least recently used out
 * first within `budget` bytes, keys counted too.
 */
function mapRecall(budget: number): Recall {
  const kept = new Map<string, { value: unknown; bytes: number }>();
  let held = 0;
  return {
    get(key) {
      const entry = kept.get(key);
      if (entry !== undefined) { kept.delete(key); kept.set(key, entry); }
      return entry?.value;
    },
    set(key, value, bytes) {
      const entry = { value, bytes: bytes + 2 * key.length };
      kept.set(key, entry);
      held += entry.bytes;
      while (held > budget) {
        const [oldest, old] = kept.entries().next().value!;
        kept.delete(oldest);
        held -= old.bytes;
      }
    },
  };
}
/** Room for about 4 million tool references (6 bytes each) and their entries: the forms of about a hundred common words at 100,000 tools. */
const RECALL_BYTES = 32 * 1024 * 1024;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

for (const n of (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number)) {
  const data = syntheticData(n);
  let t = performance.now();
  const serialized = await exportSearchIndex(buildSearchIndex(data.tools));
  const buildMs = performance.now() - t;
  const text = JSON.stringify(serialized);
  const gz = gzipSync(text).byteLength;
  const loads: number[] = [];
  const parts: [number, number, number][] = [];
  let engine;
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    const parsed = JSON.parse(text);
    const t1 = performance.now();
    const index = await importSearchIndex(parsed);
    const t2 = performance.now();
    engine = createSearchEngine(data, index, { recall: mapRecall(RECALL_BYTES) });
    loads.push(performance.now() - t);
    parts.push([t1 - t, t2 - t1, performance.now() - t2]);
  }
  const split = parts[loads.indexOf(pct(loads, 0.5))]!.map((ms) => ms.toFixed(0));
  const qs = queries(data, 1000);
  // A first page of 20, as the endpoint asks; the engine remembers word forms across queries in
  // the cache it is given, so the same queries also run on an engine given none (every word as if
  // never seen).
  const latencies = (e: SearchEngine) => qs.map((q) => {
    const started = performance.now();
    e.page(q, {}, 0, 20);
    return performance.now() - started;
  });
  // Queries are timed after a full collection of the loads' garbage (hundreds of MB here: three
  // loads and the build), which a server pays once after its one load, not per query.
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
  collect();
  for (const q of qs.slice(0, 100)) engine!.page(q, {}, 0, 20); // warm up
  const cpuBefore = process.cpuUsage();
  const lat = latencies(engine!);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerSearch = (cpu.user + cpu.system) / qs.length;
  const coldEngine = createSearchEngine(data, await importSearchIndex(JSON.parse(text)));
  collect();
  const cold = latencies(coldEngine);
  console.log(`${n} tools: index ${(text.length / 1e6).toFixed(1)} MB raw, ${(gz / 1e6).toFixed(2)} MB gzip; build+export ${(buildMs / 1000).toFixed(1)} s; load median ${pct(loads, 0.5).toFixed(0)} ms (parse ${split[0]} + import ${split[1]} + engine ${split[2]}); query p50 ${pct(lat, 0.5).toFixed(3)} ms (CPU ${cpuPerSearch.toFixed(0)} us a search, mean), p99 ${pct(lat, 0.99).toFixed(3)} ms, max ${Math.max(...lat).toFixed(2)} ms over ${qs.length} queries; remembering no word: p50 ${pct(cold, 0.5).toFixed(3)} ms, p99 ${pct(cold, 0.99).toFixed(3)} ms`);
}
