// The checks that read a record's dates against each other and against today: when its facts
// were checked, and when its service ends. Part of the whole-catalog checks (checks.ts).
import { lineOf, type Check, type Problem } from './catalog.ts';
import { closest } from '../snapshot/edit-distance.ts';

/** Tools added on or after this day must carry sources and verified_at (older ones may not have them yet). */
export const SOURCES_REQUIRED_FROM = '2026-11-25';

export const recordDateChecks: Record<string, Check> = {
  dates(c) {
    return c.tools
      .filter((t) => t.data.added_at > t.data.updated_at)
      .map((t) => ({ file: t.file, field: 'updated_at', line: lineOf(t.text, ['updated_at']), message: `${t.data.updated_at} is before added_at ${t.data.added_at}; updated_at must be on or after added_at` }));
  },

  /** Every tool added since provenance became the rule names its sources; older ones are being filled in. */
  provenance(c) {
    const out: Problem[] = [];
    for (const t of c.tools) {
      if (t.data.added_at < SOURCES_REQUIRED_FROM) continue;
      for (const field of ['sources', 'verified_at'] as const) {
        if (t.data[field] === undefined) out.push({ file: t.file, field, message: `is missing; a tool added from ${SOURCES_REQUIRED_FROM} on needs ${field === 'sources' ? '1-5 https pages where its facts were checked, the maker\'s pricing and product pages first' : 'the day its facts were checked against its sources (YYYY-MM-DD)'} (see CONTRIBUTING.md, "Sources: where the facts come from")` });
      }
    }
    return out;
  },

  /** A check date is a day that has happened: a later one would tell consumers the facts are fresher than they are. */
  verified(c, today) {
    return [...c.tools, ...c.retired]
      .filter((r) => r.data.verified_at !== undefined && r.data.verified_at > today)
      .map((r) => ({ file: r.file, field: 'verified_at', line: lineOf(r.text, ['verified_at']), message: `${r.data.verified_at} is after today (${today}); write the day you checked the sources` }));
  },

  lifecycle(c, today) {
    const current = new Set(c.tools.map((t) => t.data.slug));
    const out: Problem[] = [];
    for (const t of c.tools) {
      const { sunset_at: sunset, successor } = t.data;
      if (sunset !== undefined && today > sunset) {
        out.push({ file: t.file, field: 'sunset_at', line: lineOf(t.text, ['sunset_at']), message: `the service ended on ${sunset}: move the record to catalog/retired/${t.data.slug}.json with retired_at ${sunset}${successor ? ` and successor '${successor}'` : ''}, and sources that show the end (see CONTRIBUTING.md, "Retire a tool")` });
      }
      if (successor !== undefined && sunset === undefined) out.push({ file: t.file, field: 'successor', line: lineOf(t.text, ['successor']), message: 'a successor goes with sunset_at, the announced last day; add sunset_at or remove successor' });
      if (successor !== undefined && !current.has(successor)) {
        const hint = closest(successor, [...current]);
        out.push({ file: t.file, field: 'successor', line: lineOf(t.text, ['successor']), message: `unknown tool '${successor}'${hint ? ` (did you mean '${hint}'?)` : ''}; the successor must be a current tool` });
      }
    }
    return out;
  },
};
