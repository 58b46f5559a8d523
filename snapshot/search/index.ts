// The search's public surface: the gateway loads one engine per snapshot (passing its one cache
// as the engine's Recall); everything else in this folder is how the engine works.
export { createSearchEngine, type PageWants, type SearchEngine, type SearchEngineOptions, type SearchFilter } from './engine.ts';
export type { Highlights } from './highlight.ts';
export type { SearchHit } from './ranking.ts';
export type { Recall } from './recall.ts';
export { queryWords, variants } from './words.ts';
