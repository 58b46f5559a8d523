// A long sorted list of lowercase words, stored front-coded: each word as how many letters it
// shares with the one before (one capital letter, A for none) and the rest. The snapshot's list of
// ordinary English words (about 17,000) takes 24 KB of the gzipped edge bundle this way instead of
// 43 KB as a JSON array, which gzip cannot shorten as much.

/** The most letters one word may share with the one before (the code is one capital letter). */
const MAX_SHARED = 25;

export function packSortedWords(sorted: readonly string[]): string {
  let out = '';
  let before = '';
  for (const word of sorted) {
    if (!/^[a-z0-9]+$/.test(word) || word <= before) throw new Error(`packSortedWords needs distinct sorted words of a-z and 0-9; got '${word}' after '${before}'`);
    let shared = 0;
    while (shared < MAX_SHARED && shared < before.length && before[shared] === word[shared]) shared++;
    out += String.fromCharCode(65 + shared) + word.slice(shared);
    before = word;
  }
  return out;
}

export function unpackSortedWords(packed: string): string[] {
  const out: string[] = [];
  let before = '';
  for (const entry of packed.match(/[A-Z][a-z0-9]*/g) ?? []) {
    before = before.slice(0, entry.charCodeAt(0) - 65) + entry.slice(1);
    out.push(before);
  }
  return out;
}
