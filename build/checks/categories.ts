// Tools and categories name each other: every category a tool lists exists (with the closest
// slug as a hint), and every category has at least one tool, so no category page is empty.
import type { Check, Finding } from '../catalog.ts';
import { lineOf } from '../field-line.ts';
import { closest, didYouMean } from '../../snapshot/edit-distance.ts';

export const categories: Check = {
  name: 'categories',
  description: 'Every category a tool lists exists, and every category has at least one tool.',
  check(c) {
    const known = c.categories.map((x) => x.data.slug);
    const set = new Set(known);
    const out: Finding[] = [];
    // Tool files their schema refused are read for their categories too, so one run shows every problem.
    const referring = [...c.tools.map((t) => ({ file: t.file, text: t.text, categories: t.data.categories })), ...(c.unchecked ?? [])];
    for (const t of referring) {
      t.categories.forEach((slug, i) => {
        if (set.has(slug)) return;
        const hint = closest(slug, known);
        out.push({ file: t.file, field: `categories[${i}]`, line: lineOf(t.text, ['categories', i]), message: hint ? `unknown category '${slug}'. ${didYouMean([hint])}` : `unknown category '${slug}'; add catalog/categories/${slug}.json or use an existing category` });
      });
    }
    const used = new Set(c.tools.flatMap((t) => t.data.categories));
    for (const x of c.categories) {
      if (!used.has(x.data.slug)) out.push({ file: x.file, message: `category '${x.data.slug}' has no tools; list it in at least one tool's categories or delete the file` });
    }
    return out;
  },
};
