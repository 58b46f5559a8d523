// Facet counts (API.md, "Facets and highlights"): for each value of a facet, how many tools of a
// result have it, each facet counted without its own filter (disjunctive faceting, as Algolia
// does), so a screen filtered on pricing=free still shows how many are freemium. Every value is a
// bitset over the tools, made once per snapshot; a request ANDs bitsets and counts their bits,
// whatever the result's size, and never reads a tool's object.
import { CATEGORY_FACET_MAX, FACETS, type FacetName } from './contract.ts';
import type { SnapshotData } from './types.ts';

/** `meta.facets`: per facet asked for, value -> number of tools, most first (ties by value), no zeros. */
export type FacetCounts = Partial<Record<FacetName, Record<string, number>>>;

/** A result's filters by facet (a request's, and a search's constraint words): each list allows any of its values. */
export interface FacetFilter {
  pricing?: readonly string[];
  category?: readonly string[];
  platform?: readonly string[];
  open_source?: boolean;
}

/** One facet: its values, and for each the bitset of the tools that have it. */
interface Facet { values: string[]; bits: Uint32Array[]; byValue: Map<string, Uint32Array> }

export class FacetIndex {
  /** 32-bit words per bitset. */
  readonly words: number;
  private readonly facets: Record<FacetName, Facet>;
  private readonly everyTool: Uint32Array;

  constructor(data: SnapshotData) {
    const n = data.tools.length;
    this.words = Math.ceil(n / 32);
    const facet = (values: readonly string[], of: (doc: number) => readonly string[]): Facet => {
      const bits = values.map(() => new Uint32Array(this.words));
      const at = new Map(values.map((v, i) => [v, i]));
      for (let doc = 0; doc < n; doc++) for (const v of of(doc)) set(bits[at.get(v)!]!, doc);
      return { values: [...values], bits, byValue: new Map(values.map((v, i) => [v, bits[i]!])) };
    };
    const { tools } = data;
    this.facets = {
      pricing: facet(data.pricing, (doc) => [tools[doc]!.pricing]),
      category: facet(data.categories.map((c) => c.slug), (doc) => tools[doc]!.categories.map((c) => c.slug)),
      platform: facet(data.platforms, (doc) => tools[doc]!.platforms),
      open_source: facet(['true', 'false'], (doc) => [String(tools[doc]!.open_source)]),
    };
    this.everyTool = this.of(tools.map((_, doc) => doc));
  }

  /** The bitset of these tools. */
  of(docs: ArrayLike<number>): Uint32Array {
    const out = new Uint32Array(this.words);
    for (let k = 0; k < docs.length; k++) set(out, docs[k]!);
    return out;
  }

  /** Every tool of the snapshot (a list without other filters); not to be changed. */
  all(): Uint32Array { return this.everyTool; }

  /**
   * The counts of the facets `names` over `candidates` (the result before its facet filters): each
   * facet's values among the candidates that pass every filter but its own.
   */
  count(candidates: Uint32Array, filter: FacetFilter, names: readonly FacetName[]): FacetCounts {
    const filters = new Map<FacetName, Uint32Array>();
    for (const name of FACETS) {
      const allowed = name === 'open_source' ? (filter.open_source === undefined ? undefined : [String(filter.open_source)]) : filter[name];
      if (allowed !== undefined) filters.set(name, this.anyOf(name, allowed));
    }
    const out: FacetCounts = {};
    for (const name of FACETS) {
      if (!names.includes(name)) continue;
      const base = candidates.slice();
      for (const [other, bits] of filters) if (other !== name) and(base, bits);
      const { values, bits } = this.facets[name];
      const counted: [string, number][] = [];
      for (let v = 0; v < values.length; v++) {
        const c = countAnd(base, bits[v]!);
        if (c > 0) counted.push([values[v]!, c]);
      }
      counted.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      out[name] = Object.fromEntries(name === 'category' ? counted.slice(0, CATEGORY_FACET_MAX) : counted);
    }
    return out;
  }

  /** The tools with any of `values` (a value no tool has adds none). */
  private anyOf(name: FacetName, values: readonly string[]): Uint32Array {
    const out = new Uint32Array(this.words);
    for (const v of values) {
      const bits = this.facets[name].byValue.get(v);
      if (bits !== undefined) for (let w = 0; w < out.length; w++) out[w] = out[w]! | bits[w]!;
    }
    return out;
  }
}

/** The facet index of a snapshot, made on first use and kept as long as the snapshot's data. */
const indexes = new WeakMap<SnapshotData, FacetIndex>();
export function facetIndex(data: SnapshotData): FacetIndex {
  let index = indexes.get(data);
  if (index === undefined) indexes.set(data, index = new FacetIndex(data));
  return index;
}

function set(bits: Uint32Array, doc: number): void {
  bits[doc >>> 5] = bits[doc >>> 5]! | (1 << (doc & 31));
}

function and(into: Uint32Array, bits: Uint32Array): void {
  for (let w = 0; w < into.length; w++) into[w] = into[w]! & bits[w]!;
}

/** The number of tools in both bitsets. */
function countAnd(a: Uint32Array, b: Uint32Array): number {
  let total = 0;
  for (let w = 0; w < a.length; w++) {
    let x = (a[w]! & b[w]!) >>> 0;
    if (x === 0) continue;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    total += (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
  }
  return total;
}
