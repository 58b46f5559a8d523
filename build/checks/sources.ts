// Where a record's facts come from: a tool added since provenance became the rule names its
// sources and the day they were checked, and every source is a page a reader can open and trust
// (no tracking parameters, no staging host, no host known not to be evidence, each page once).
// What is known not to be evidence is curated data in catalog/sources.json, each entry with its reason.
import type { Check, Finding, SourceFile } from '../catalog.ts';
import { lineOf } from '../field-line.ts';
import { hostOf, isMakerSource, matches, NO_RULES, pageKey, parse, stagingLabel, TRACKING_PARAMS } from '../source-pages.ts';
import type { SourceRules } from '../../snapshot/schema.ts';

/** Tools added on or after this day must carry sources and verified_at (older ones may not have them yet). */
export const SOURCES_REQUIRED_FROM = '2026-11-25';

type Sourced = SourceFile<{ sources?: string[]; url?: string; repository?: string | null }>;

export const sources: Check = {
  name: 'sources',
  description: `Every tool added from ${SOURCES_REQUIRED_FROM} on names its sources and verified_at, and every source is evidence: no tracking parameters, no staging or preview host, no host known not to be evidence, no page twice.`,
  check(c) {
    const rules = c.sourceRules?.data ?? NO_RULES;
    return [
      ...c.tools.flatMap(provenance),
      ...([...c.tools, ...c.retired] as Sourced[]).flatMap((f) => (f.data.sources ?? []).flatMap((source, i) => refusals(f, source, i, rules))),
    ];
  },
};

/** A tool added since provenance became the rule names its sources; older ones are being filled in. */
function provenance(t: SourceFile<{ added_at: string; sources?: string[]; verified_at?: string }>): Finding[] {
  if (t.data.added_at < SOURCES_REQUIRED_FROM) return [];
  return (['sources', 'verified_at'] as const).filter((field) => t.data[field] === undefined).map((field) => ({
    file: t.file, field,
    message: `is missing; a tool added from ${SOURCES_REQUIRED_FROM} on needs ${field === 'sources' ? '1-5 https pages where its facts were checked, the maker\'s pricing and product pages first' : 'the day its facts were checked against its sources (YYYY-MM-DD)'} (see CONTRIBUTING.md, "Sources: where the facts come from")`,
  }));
}

/** Why sources[i] of a record is not evidence (none when it is). */
function refusals(f: Sourced, source: string, i: number, rules: SourceRules): Finding[] {
  const u = parse(source);
  if (u === null) return []; // the schema already refused it
  const at = { file: f.file, field: `sources[${i}]`, line: lineOf(f.text, ['sources', i]) };
  const out: Finding[] = [];
  const tracking = [...u.searchParams.keys()].filter((k) => TRACKING_PARAMS.test(k));
  if (tracking.length > 0) {
    const clean = new URL(u);
    for (const k of tracking) clean.searchParams.delete(k);
    out.push({ ...at, message: `has tracking parameter${tracking.length > 1 ? 's' : ''} ${tracking.map((k) => `'${k}'`).join(', ')}; cite the page without ${tracking.length > 1 ? 'them' : 'it'}: ${clean.toString()}` });
  }
  const host = hostOf(u);
  const staging = stagingLabel(host);
  if (staging) out.push({ ...at, message: `'${host}' is a staging or preview host ('${staging}'), not the published site; cite the public page` });
  const own = f.data.url !== undefined && isMakerSource({ url: f.data.url, repository: f.data.repository ?? null }, source);
  const refused = own ? undefined : rules.not_evidence.find((n) => matches(u, n.match));
  if (refused) out.push({ ...at, message: `pages under ${refused.match} are not evidence (${refused.reason}); cite the maker's own page (see CONTRIBUTING.md, "Sources")` });
  const first = (f.data.sources ?? []).slice(0, i).findIndex((s) => { const p = parse(s); return p !== null && pageKey(p) === pageKey(u); });
  if (first >= 0) out.push({ ...at, message: `is the same page as sources[${first}]; list each page once` });
  return out;
}
