// Every catalog file is written the one canonical way (build/format.ts), so a pull request's diff
// shows only real changes; `npm run format` repairs it.
import type { Check } from '../catalog.ts';
import { formatCategory, formatRetired, formatSourceRules, formatTool, formatVocabulary } from '../format.ts';

export const canonicalFormat: Check = {
  name: 'canonical-format',
  description: 'Every file is 2-space JSON with keys in schema order and a newline at the end.',
  check(c) {
    return [
      ...c.tools.map((f) => [f, formatTool(f.data)] as const),
      ...c.categories.map((f) => [f, formatCategory(f.data)] as const),
      ...c.retired.map((f) => [f, formatRetired(f.data)] as const),
      ...(c.vocabulary ? [[c.vocabulary, formatVocabulary(c.vocabulary.data)] as const] : []),
      ...(c.sourceRules ? [[c.sourceRules, formatSourceRules(c.sourceRules.data)] as const] : []),
    ]
      .filter(([f, canonical]) => f.text !== canonical)
      .map(([f]) => ({ file: f.file, fix: 'format' as const, message: 'is not in canonical format (2-space JSON, keys in schema order, newline at the end); run `npm run format` to fix it' }));
  },
};
