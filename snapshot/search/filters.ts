// The filters of a search: the request's (category, pricing, platform, open_source) and the
// constraints its words state ("free", "for mac"), merged into one test per tool that reads the
// engine's arrays by tool number.
import type { SnapshotData } from '../types.ts';
import type { ReadFilter } from './reading.ts';
import { platformBits, type Tables } from './tables.ts';
import type { Vocabulary } from './vocabulary.ts';

/** Filters a request states; each list allows any of its values. `runs_locally` only a query's words state. */
export interface SearchFilter { category?: string[]; pricing?: string[]; platform?: string[]; open_source?: boolean; runs_locally?: true }

/**
 * A filter as bits and tool numbers (-1: no condition). `runsLocally`: only tools that run on
 * one's own machine, a condition of the match itself (facets count within it), not a facet's filter.
 */
export interface Allowed { pricing: number; platforms: number; openSource: number; runsLocally: boolean; category?: readonly number[] }

/** The request's filters and the query's constraints as one filter: a tool passes both. */
export function mergeFilters(filter: SearchFilter, read: ReadFilter): SearchFilter {
  const both = <T>(a: T[] | undefined, b: T[] | undefined) => (a === undefined ? b : b === undefined ? a : a.filter((x) => b.includes(x)));
  const out: SearchFilter = {};
  const pricing = both(filter.pricing, read.pricing);
  const platform = both(filter.platform, read.platform);
  const openSource = filter.open_source ?? read.open_source;
  if (filter.category !== undefined) out.category = filter.category;
  if (pricing !== undefined) out.pricing = pricing;
  if (platform !== undefined) out.platform = platform;
  if (openSource !== undefined) out.open_source = openSource;
  if (read.runs_locally) out.runs_locally = true;
  return out;
}

/** The filter as the engine tests it (undefined: no filter). */
export function allowedBy(filter: SearchFilter, tables: Tables, data: SnapshotData, vocabulary: Vocabulary): Allowed | undefined {
  const { pricingCodes } = tables;
  const { pricing, platform, open_source: openSource } = filter;
  if (pricing === undefined && platform === undefined && openSource === undefined && filter.category === undefined && !filter.runs_locally) return undefined;
  const members = filter.category?.flatMap((c) => vocabulary.members.get(c)?.docs ?? []);
  return {
    pricing: pricing === undefined ? -1 : pricing.reduce((bits, p) => bits | (pricingCodes.includes(p) ? 1 << pricingCodes.indexOf(p) : 0), 0),
    platforms: platform === undefined ? -1 : platformBits(data, platform),
    openSource: openSource === undefined ? -1 : openSource ? 1 : 0,
    runsLocally: filter.runs_locally === true,
    ...(members && { category: members }),
  };
}

/** Whether a tool passes the filters (running locally, a condition of the match, is the caller's). */
export function passes(tables: Tables, doc: number, allowed: Allowed): boolean {
  const { pricingOf, platformBits: bits, openSource } = tables;
  return (allowed.pricing === -1 || (allowed.pricing & (1 << pricingOf[doc]!)) !== 0)
    && (allowed.platforms === -1 || (allowed.platforms & bits[doc]!) !== 0)
    && (allowed.openSource === -1 || openSource[doc] === allowed.openSource)
    && (allowed.category === undefined || allowed.category.includes(doc));
}
