// A record's file is named for its slug, so a curator finds it and a link to it never breaks.
import path from 'node:path';
import type { Check } from '../catalog.ts';
import { lineOf } from '../field-line.ts';

export const fileNames: Check = {
  name: 'file-names',
  description: 'Every tool, category and retired record is in <slug>.json, named for its slug.',
  check(c) {
    return [...c.tools, ...c.categories, ...c.retired]
      .filter((f) => path.basename(f.file) !== `${f.data.slug}.json`)
      .map((f) => ({ file: f.file, field: 'slug', line: lineOf(f.text, ['slug']), message: `slug '${f.data.slug}' does not match the file name; rename the file to ${f.data.slug}.json or fix the slug` }));
  },
};
