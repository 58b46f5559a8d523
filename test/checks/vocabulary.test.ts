import { describe, expect, it } from 'vitest';
import { vocabulary } from '../../build/checks/vocabulary.ts';
import { json, problemsOf } from './run-check.ts';

const vocabularyFile = (data: object) => ({ 'vocabulary.json': json({ $schema: './schema/vocabulary.schema.json', ...data }) });

describe('check: vocabulary', () => {
  it('accepts phrasings of existing categories and reachable sets of equivalents', async () => {
    expect(await problemsOf(vocabulary, vocabularyFile({ phrasings: { 'text-to-speech': ['voiceover', 'read aloud'] }, equivalents: [['photo', 'image']] }))).toEqual([]);
  });

  it('names the file and the term: an unknown category, a term leading to unrelated needs, a word in two sets, an unreachable set', async () => {
    expect(await problemsOf(vocabulary, vocabularyFile({
      phrasings: { 'text-to-speach': ['narration'], 'text-to-speech': ['voiceover'], 'image-generation': ['voiceover'] },
      equivalents: [['photo', 'image'], ['picture', 'photo'], ['zzyzx', 'qwxv']],
    }))).toEqual([
      "catalog/vocabulary.json:4 phrasings.text-to-speach - unknown category 'text-to-speach'. Did you mean 'text-to-speech'?",
      "catalog/vocabulary.json:11 phrasings.image-generation[0] - 'voiceover' already leads to 'text-to-speech' (group audio); a term may not lead to unrelated needs",
      "catalog/vocabulary.json:21 equivalents[1][1] - 'photo' is already in equivalents[0]; a word belongs to one set (merge the two sets)",
      "catalog/vocabulary.json:23 equivalents[2] - none of 'zzyzx', 'qwxv' occurs in any tool, so the set finds nothing; add a word the catalog uses",
    ]);
  });

  it('reads two phrasings as one term when search does: the same words once weak words are dropped', async () => {
    expect(await problemsOf(vocabulary, vocabularyFile({ phrasings: { 'text-to-speech': ['voice for my video'], 'image-generation': ['voice for video', 'a voice video'] }, equivalents: [] }))).toEqual([
      "catalog/vocabulary.json:8 phrasings.image-generation[0] - 'voice for video' already leads to 'text-to-speech' (group audio) (as 'voice for my video' does: search reads both as 'voice video'); a term may not lead to unrelated needs",
      "catalog/vocabulary.json:9 phrasings.image-generation[1] - 'a voice video' already leads to 'text-to-speech' (group audio) (as 'voice for my video' does: search reads both as 'voice video'); a term may not lead to unrelated needs",
    ]);
  });

  it('accepts one term for two needs of one group', async () => {
    expect(await problemsOf(vocabulary, vocabularyFile({ phrasings: { 'text-to-speech': ['voice'], 'voice-cloning': ['voice'] }, equivalents: [] }))).toEqual([]);
  });

  it('accepts a namesake of a word of a name with words its tools never use, and names a word that is no name and a word the tool\'s own record uses', async () => {
    expect(await problemsOf(vocabulary, vocabularyFile({ phrasings: {}, equivalents: [], namesakes: { otters: ['river', 'habitat'] } }))).toEqual([]);
    expect(await problemsOf(vocabulary, vocabularyFile({ phrasings: {}, equivalents: [], namesakes: { otter: ['river', 'meeting'], beaver: ['dam'] } }))).toEqual([
      "catalog/vocabulary.json:8 namesakes.otter[1] - 'meeting' is a word of otter-ai's own record, so a search for it would answer nothing; keep only words of the other meaning",
      "catalog/vocabulary.json:10 namesakes.beaver - 'beaver' is no word of a tool's name or alias; a namesake is a name that also means something else",
    ]);
  });
});
