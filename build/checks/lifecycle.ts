// A live tool with an announced end: its successor goes with its last day, and the day after that
// day the record must move to catalog/retired/, so a stale catalog fails loudly.
import type { Check, Finding } from '../catalog.ts';
import { lineOf } from '../field-line.ts';

export const lifecycle: Check = {
  name: 'lifecycle',
  description: 'A tool whose sunset_at has passed is retired, and a successor comes with sunset_at.',
  check(c, today) {
    const out: Finding[] = [];
    for (const t of c.tools) {
      const { sunset_at: sunset, successor } = t.data;
      if (sunset !== undefined && today > sunset) {
        out.push({ file: t.file, field: 'sunset_at', line: lineOf(t.text, ['sunset_at']), message: `the service ended on ${sunset}: move the record to catalog/retired/${t.data.slug}.json with retired_at ${sunset}${successor ? ` and successor '${successor}'` : ''}, and sources that show the end (see CONTRIBUTING.md, "Retire a tool")` });
      }
      if (successor !== undefined && sunset === undefined) out.push({ file: t.file, field: 'successor', line: lineOf(t.text, ['successor']), message: 'a successor goes with sunset_at, the announced last day; add sunset_at or remove successor' });
    }
    return out;
  },
};
