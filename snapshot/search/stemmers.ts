// One Snowball stemmer per language search reads (Orama's ports of the Snowball algorithms): the
// build stems the vocabulary's words with these, and a query's words are stemmed with the same
// ones, so both sides always agree.
import { stemmer as de } from '@orama/stemmers/german';
import { stemmer as es } from '@orama/stemmers/spanish';
import { stemmer as fr } from '@orama/stemmers/french';
import { stemmer as it } from '@orama/stemmers/italian';
import { stemmer as nl } from '@orama/stemmers/dutch';
import { stemmer as pt } from '@orama/stemmers/portuguese';
import type { SearchLanguage } from '../contract.ts';

export const STEMMERS: Record<SearchLanguage, (word: string) => string> = { de, fr, es, pt, it, nl };
