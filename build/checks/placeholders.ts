// Text left for later (a TODO, lorem ipsum, example.com) never reaches the API.
import type { Check, Finding, SourceFile } from '../catalog.ts';
import { lineOf } from '../field-line.ts';

const PLACEHOLDERS: [RegExp, string][] = [
  [/lorem ipsum/i, "placeholder text 'lorem ipsum'"],
  [/\b(TODO|TBD|FIXME|XXX)\b/, 'a TODO/TBD/FIXME marker'],
  [/\bexample\.(com|org|net)\b/i, 'a placeholder domain (example.com)'],
  [/\breplace-me\b/, "the placeholder 'replace-me'"],
];

export const placeholders: Check = {
  name: 'placeholders',
  description: 'No text field of a tool, category or retired record holds placeholder text.',
  check(c) {
    const out: Finding[] = [];
    for (const f of [...c.tools, ...c.categories, ...c.retired] as SourceFile<Record<string, unknown>>[]) {
      for (const [field, value] of Object.entries(f.data)) {
        const strings = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];
        for (const s of strings) {
          const hit = PLACEHOLDERS.find(([re]) => re.test(s));
          if (hit) out.push({ file: f.file, field, line: lineOf(f.text, [field]), message: `contains ${hit[1]}; write the real text` });
        }
      }
    }
    return out;
  },
};
