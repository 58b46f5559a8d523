// "Alternatives to X": the tools most like one tool, by what the catalog knows of purpose and
// audience: the categories they share (the primary one most), their tags, where they run, and
// whether they are open source. A similarity in 0..1, best first; the tool itself is left out, and
// so is a tool that shares neither a category nor a tag with it.
import type { SnapshotData, Tool } from './types.ts';

export interface Similar { index: number; similarity: number }

/** How much each kind of likeness counts; they add up to 1. */
const WEIGHT = { primary: 0.3, categories: 0.3, tags: 0.25, platforms: 0.1, openSource: 0.05 };

function jaccard(a: ReadonlySet<string>, b: readonly string[]): number {
  let shared = 0;
  for (const x of new Set(b)) if (a.has(x)) shared++;
  const union = a.size + new Set(b).size - shared;
  return union === 0 ? 0 : shared / union;
}

/** Every tool like `data.tools[target]`, best first (ties: the more prominent, then by name). */
export function similarTools(data: SnapshotData, target: number): Similar[] {
  const t = data.tools[target]!;
  const categories = new Set(t.categories.map((c) => c.slug));
  const tags = new Set(t.tags);
  const platforms = new Set<string>(t.platforms);
  const out: Similar[] = [];
  data.tools.forEach((c: Tool, index) => {
    if (index === target) return;
    const sharedCategories = jaccard(categories, c.categories.map((x) => x.slug));
    const sharedTags = jaccard(tags, c.tags);
    if (sharedCategories === 0 && sharedTags === 0) return;
    const similarity = WEIGHT.primary * (c.categories[0]!.slug === t.categories[0]!.slug ? 1 : 0)
      + WEIGHT.categories * sharedCategories + WEIGHT.tags * sharedTags
      + WEIGHT.platforms * jaccard(platforms, c.platforms) + WEIGHT.openSource * (c.open_source === t.open_source ? 1 : 0);
    out.push({ index, similarity: Math.round(similarity * 1000) / 1000 });
  });
  const prominence = (i: number) => data.prominence[data.tools[i]!.slug] ?? 0;
  // data.tools is in name order, so the index breaks the last ties by name.
  return out.sort((a, b) => b.similarity - a.similarity || prominence(b.index) - prominence(a.index) || a.index - b.index);
}

/**
 * Two tools compared ("X vs Y"): both first, then the tools most like both (the mean of their
 * similarity to each, ties as similarTools breaks them), from each tool's similarTools list.
 */
export function similarToBoth(tools: readonly [number, number], lists: readonly [readonly Similar[], readonly Similar[]], prominence: ArrayLike<number>): Similar[] {
  const mean = new Map<number, number>();
  for (const list of lists) for (const s of list) if (!tools.includes(s.index)) mean.set(s.index, (mean.get(s.index) ?? 0) + s.similarity / 2);
  const others = [...mean].map(([index, m]) => ({ index, similarity: Math.round(m * 1000) / 1000 }))
    .sort((a, b) => b.similarity - a.similarity || prominence[b.index]! - prominence[a.index]! || a.index - b.index);
  return [...tools.map((index) => ({ index, similarity: 1 })), ...others];
}
