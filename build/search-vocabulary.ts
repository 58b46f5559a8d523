// The search vocabulary as the snapshot carries it: each language's words folded and stemmed once
// here, with the stemmers the engine uses on queries, and the stop-word lists (stopwords-iso) cut
// down to the languages search reads, so the gateway bundles neither the lists nor this work.
import stopwords from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };
import { fold } from '../snapshot/search-index.ts';
import { STEMMERS } from '../snapshot/search/stemmers.ts';
import { SEARCH_LANGUAGES, type VocabularyFile } from '../snapshot/schema.ts';
import type { CompiledLanguage, SearchVocabulary } from '../snapshot/types.ts';

export function compileSearchVocabulary(file: VocabularyFile | undefined): SearchVocabulary {
  const languages: SearchVocabulary['languages'] = {};
  for (const lang of SEARCH_LANGUAGES) {
    const table = file?.languages?.[lang];
    if (table !== undefined) languages[lang] = compileLanguage(table, lang);
  }
  return {
    phrasings: file?.phrasings ?? {},
    equivalents: file?.equivalents ?? [],
    constraints: file?.constraints ?? {},
    languages,
    english: (stopwords as Record<string, string[]>).en!.map(fold),
  };
}

function compileLanguage(table: Record<string, string[]>, lang: keyof typeof STEMMERS): CompiledLanguage {
  const terms: Record<string, string> = {};
  const stems: Record<string, string> = {};
  for (const [english, natives] of Object.entries(table)) {
    for (const native of natives) {
      const folded = fold(native);
      terms[folded] ??= english;
      if (!folded.includes(' ')) stems[STEMMERS[lang](folded)] ??= english;
    }
  }
  const list = (stopwords as Record<string, string[]>)[lang]!.map(fold).filter((w) => terms[w] === undefined);
  return { terms, stems, stopwords: [...new Set(list)].sort() };
}
