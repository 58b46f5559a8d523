// The search vocabulary (catalog/vocabulary.json): each phrasing names an existing category; a
// term belongs to one category, or to several of one group (never to unrelated needs); a word is
// in one set of equivalents; each set is reachable: at least one of its words occurs in the
// catalog; and a namesake is a word of a tool's name whose other words its tools never use.
import type { Catalog, Check, Finding, SourceFile } from '../catalog.ts';
import { lineOf } from '../field-line.ts';
import { closest, didYouMean } from '../../snapshot/edit-distance.ts';
import type { VocabularyFile } from '../../snapshot/vocabulary-schema.ts';
import { phrasingKeys } from '../../snapshot/search/vocabulary.ts';
import { fold } from '../../snapshot/search-index.ts';

export const vocabulary: Check = {
  name: 'vocabulary',
  description: 'Phrasings name existing categories and never lead to unrelated needs; each word is in one set of equivalents, and each set finds something; namesakes are name words whose other words the named tools never use.',
  check(c) {
    return c.vocabulary === null ? [] : [...phrasings(c, c.vocabulary), ...equivalents(c, c.vocabulary), ...namesakes(c, c.vocabulary)];
  },
};

function phrasings(c: Catalog, v: SourceFile<VocabularyFile>): Finding[] {
  const out: Finding[] = [];
  const groups = new Map(c.categories.map((x) => [x.data.slug, x.data.group]));
  const known = [...groups.keys()];
  const owner = new Map<string, { category: string; term: string }>();
  for (const [category, terms] of Object.entries(v.data.phrasings)) {
    if (!groups.has(category)) {
      const hint = closest(category, known);
      out.push({ file: v.file, field: `phrasings.${category}`, line: lineOf(v.text, ['phrasings', category]), message: `unknown category '${category}'.${hint ? ` ${didYouMean([hint])}` : ''}` });
      continue;
    }
    terms.forEach((term, i) => {
      // Search finds a phrasing by its keys (without weak words), so two phrasings with one key are one term.
      for (const key of phrasingKeys(term)) {
        const first = owner.get(key);
        if (first !== undefined && groups.get(first.category) !== groups.get(category)) {
          const same = first.term === term ? '' : ` (as '${first.term}' does: search reads both as '${key}')`;
          out.push({ file: v.file, field: `phrasings.${category}[${i}]`, line: lineOf(v.text, ['phrasings', category, i]), message: `'${term}' already leads to '${first.category}' (group ${groups.get(first.category)})${same}; a term may not lead to unrelated needs` });
          break;
        }
        if (first === undefined) owner.set(key, { category, term });
      }
    });
  }
  return out;
}

function equivalents(c: Catalog, v: SourceFile<VocabularyFile>): Finding[] {
  const out: Finding[] = [];
  const words = catalogWords(c.tools);
  const setOf = new Map<string, number>();
  v.data.equivalents.forEach((set, i) => {
    set.forEach((word, j) => {
      const first = setOf.get(word);
      if (first !== undefined) out.push({ file: v.file, field: `equivalents[${i}][${j}]`, line: lineOf(v.text, ['equivalents', i, j]), message: `'${word}' is already in equivalents[${first}]; a word belongs to one set (merge the two sets)` });
      else setOf.set(word, i);
    });
    if (!set.some((w) => words.has(w))) {
      out.push({ file: v.file, field: `equivalents[${i}]`, line: lineOf(v.text, ['equivalents', i]), message: `none of ${set.map((w) => `'${w}'`).join(', ')} occurs in any tool, so the set finds nothing; add a word the catalog uses` });
    }
  });
  return out;
}

/**
 * A namesake's key is a word of a tool's name or alias as a query writes it, and none of
 * its words is a word of what those tools say of themselves: "notes" beside "otter" would send a
 * search for Otter.ai's meeting notes to nothing.
 */
function namesakes(c: Catalog, v: SourceFile<VocabularyFile>): Finding[] {
  const out: Finding[] = [];
  for (const [word, cues] of Object.entries(v.data.namesakes ?? {})) {
    const named = c.tools.filter(({ data: t }) => [t.name, ...(t.aliases ?? [])].some((n) => folded(n).some((w) => writesName(w, word))));
    const at = (i?: number) => lineOf(v.text, i === undefined ? ['namesakes', word] : ['namesakes', word, i]);
    if (named.length === 0) {
      out.push({ file: v.file, field: `namesakes.${word}`, line: at(), message: `'${word}' is no word of a tool's name or alias; a namesake is a name that also means something else` });
      continue;
    }
    const own = named.map((tool) => ({ slug: tool.data.slug, words: catalogWords([tool]) }));
    cues.forEach((cue, i) => {
      const tool = own.find((o) => o.words.has(cue));
      if (tool !== undefined) out.push({ file: v.file, field: `namesakes.${word}[${i}]`, line: at(i), message: `'${cue}' is a word of ${tool.slug}'s own record, so a search for it would answer nothing; keep only words of the other meaning` });
    });
  }
  return out;
}

/** A query word that writes a name's word: the word, its plural, or its end written apart ("vinci" of "DaVinci"). */
const writesName = (nameWord: string, word: string) => nameWord === word || `${nameWord}s` === word || `${nameWord}es` === word || (word.length >= 4 && nameWord.endsWith(word));
const folded = (text: string) => fold(text).split(/[^a-z0-9]+/).filter(Boolean);

/** Every lowercase word of the tools' searchable text. */
function catalogWords(tools: readonly { data: Catalog['tools'][number]['data'] }[]): Set<string> {
  const out = new Set<string>();
  for (const { data: t } of tools) {
    for (const text of [t.name, t.tagline, t.description, t.maker, ...t.tags]) for (const w of folded(text)) out.add(w);
  }
  return out;
}
