// The one edit distance of the project: the search's typo matching, the build's "did you mean"
// hints and the MCP tools' slug suggestions all count edits alike. It lives in snapshot/ because
// both build/ and gateway/ may import from here.

/**
 * Optimal string alignment distance (a swap of neighbours is one edit). With `max`, it stops
 * early and answers `max + 1` for anything further: typo matching only asks "within max?".
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  // Three rows of scratch, reused by every call (callers are synchronous; no allocation per call).
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(6 * width);
  let prev2 = 0;
  let prev = width;
  let cur = 2 * width;
  for (let j = 0; j < width; j++) rows[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[cur] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = Math.min(rows[prev + j]! + 1, rows[cur + j - 1]! + 1, rows[prev + j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, rows[prev2 + j - 2]! + 1);
      rows[cur + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const free = prev2;
    prev2 = prev;
    prev = cur;
    cur = free;
  }
  return rows[prev + b.length]!;
}
let rows = new Int32Array(3 * 64);

/**
 * Up to three of `candidates` a few edits from `word`, sharing a prefix with it, or that it
 * abbreviates, closest first: "did you mean".
 */
export function nearest(word: string, candidates: readonly string[]): string[] {
  if (word === '') return [];
  const max = Math.max(2, Math.floor(word.length / 3));
  return candidates
    .map((s) => ({ s, d: s.startsWith(word) || word.startsWith(s) ? 0.5 : abbreviates(word, s) ? 1 : editDistance(word, s, max) }))
    .filter((x) => x.d <= max)
    .sort((a, b) => a.d - b.d || a.s.localeCompare(b.s))
    .slice(0, 3)
    .map((x) => x.s);
}

/** The one way a message suggests names: "Did you mean 'a', 'b'?"; empty when there is none to suggest. */
export function didYouMean(names: readonly string[]): string {
  return names.length === 0 ? '' : `Did you mean ${names.map((n) => `'${n}'`).join(', ')}?`;
}

/** The candidate within a small edit distance, for "did you mean" hints. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word, c);
    if (d < bestDistance) { best = c; bestDistance = d; }
  }
  if (bestDistance <= Math.max(2, Math.floor(word.length / 3))) return best;
  return candidates.find((c) => abbreviates(word, c));
}

/**
 * Whether each hyphenated part of `word` begins a part of `slug`, in order: 'imag-gen' abbreviates
 * 'image-generation' and 'local-image-generation'.
 */
function abbreviates(word: string, slug: string): boolean {
  const parts = slug.split('-');
  let at = 0;
  for (const part of word.split('-')) {
    if (part === '') return false;
    while (at < parts.length && !parts[at]!.startsWith(part)) at++;
    if (at++ === parts.length) return false;
  }
  return true;
}
