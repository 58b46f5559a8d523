// Where a record's facts come from: every source is a page a reader can open and trust (https, no
// tracking parameters, no staging host, no host known not to be evidence, each page once), and the
// catalog's count of tools with no page of their maker's own can only go down. What is known not
// to be evidence, which stores list a maker's app, and which makers have several domains is
// curated data in catalog/sources.json, each entry with its reason.
import { getDomain } from 'tldts';
import { lineOf, type Catalog, type Problem, type SourceFile } from '../catalog.ts';
import type { SourceRules, ToolFile } from '../../snapshot/schema.ts';

/** Query parameters that track a click, never part of a page's address. */
export const TRACKING_PARAMS = /^(utm_.*|ref|ref_src|ref_id|referrer|via|aff|affid|aff_id|affiliate|affiliate_id|fbclid|gclid|msclkid|mc_cid|mc_eid|_hsenc|_hsmi|igshid|yclid|ttclid|fpr|sca_ref|partner|partner_id)$/i;

/** A word of a host label that names a build meant for its makers' eyes, not the published site. */
const STAGING_WORD = /^(uat\d*|staging\d*|stage|preview)$/i;

/** The label of `host` that marks a staging or preview build, if any: among the labels left of its registrable domain (public suffixes only, so a hosting platform's deploy previews count too). */
export function stagingLabel(host: string): string | undefined {
  const registrable = getDomain(host) ?? host;
  const sub = host.slice(0, Math.max(0, host.length - registrable.length - 1));
  return sub.split('.').find((label) => label.split('-').some((word) => STAGING_WORD.test(word)));
}

const NO_RULES: SourceRules = { max_tools_without_maker_source: Number.POSITIVE_INFINITY, not_evidence: [], stores: [], maker_domains: [] };

/** Hosts where a path's first segment is an owner (a user or an org), not a page of the host's maker. */
const CODE_HOSTS: Record<string, string> = { 'github.com': 'github', 'raw.githubusercontent.com': 'github', 'gitlab.com': 'gitlab' };

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

const hostOf = (u: URL) => u.hostname.toLowerCase().replace(/^www\./, '');

/** Whether `u` lies under a pattern: the host or a subdomain of it, and the path prefix segment by segment. */
export function matches(u: URL, pattern: string): boolean {
  const [host, ...prefix] = pattern.split('/');
  const h = hostOf(u);
  if (h !== host && !h.endsWith(`.${host}`)) return false;
  const segments = u.pathname.toLowerCase().split('/').filter(Boolean);
  return prefix.every((p, i) => segments[i] === p.toLowerCase());
}

/** Who a page belongs to: an owner on a code host (`github:openai`, also `openai.github.io`), else its registrable domain. */
export function presenceOf(u: URL): string {
  const h = hostOf(u);
  const code = CODE_HOSTS[h];
  const owner = u.pathname.split('/')[1]?.toLowerCase();
  if (code && owner) return `${code}:${owner}`;
  const pages = /^([^.]+)\.github\.io$/.exec(h);
  if (pages) return `github:${pages[1]}`;
  return `domain:${getDomain(h, { allowPrivateDomains: true }) ?? h}`;
}

/** The address without tracking parameters, `www.`, a trailing slash or a fragment: two sources with one key are one page. */
function pageKey(u: URL): string {
  const params = [...u.searchParams].filter(([k]) => !TRACKING_PARAMS.test(k)).map(([k, v]) => `${k}=${v}`).sort();
  return `${hostOf(u)}${u.pathname.replace(/\/+$/, '')}${params.length ? `?${params.join('&')}` : ''}`;
}

/**
 * Whether a source is a page of the tool's maker: on the registrable domain of its url (docs.x.com
 * for x.com), under its repository's owner on GitHub or GitLab, a store listing, or on another
 * domain the same maker is known to use (catalog/sources.json).
 */
export function isMakerSource(tool: Pick<ToolFile, 'url' | 'repository'>, source: string, rules: SourceRules = NO_RULES): boolean {
  const u = parse(source);
  if (u === null) return false;
  const own = [tool.url, tool.repository].flatMap((x) => (x ? [parse(x)] : [])).filter((x): x is URL => x !== null);
  if (own.some((o) => presenceOf(o) === presenceOf(u))) return true;
  if (rules.stores.some((s) => matches(u, s.match))) return true;
  return rules.maker_domains.some((group) => own.some((o) => group.match.some((m) => matches(o, m))) && group.match.some((m) => matches(u, m)));
}

/** Slugs of the tools none of whose sources is a page of their maker (tools with no sources included). */
export function toolsWithoutMakerSource(c: Catalog): string[] {
  const rules = c.sourceRules?.data ?? NO_RULES;
  return c.tools.filter(({ data: t }) => !(t.sources ?? []).some((s) => isMakerSource(t, s, rules))).map((t) => t.data.slug);
}

interface NamedCheck { name: string; description: string; check: (c: Catalog) => Problem[] }

export const sourceHygiene: NamedCheck = {
  name: 'sourceHygiene',
  description: 'Every source is evidence: no tracking parameters, no staging or preview host, no host known not to be evidence, no page twice.',
  check(c) {
    const rules = c.sourceRules?.data ?? NO_RULES;
    const out: Problem[] = [];
    const records = [...c.tools, ...c.retired] as SourceFile<{ sources?: string[]; url?: string; repository?: string | null }>[];
    for (const f of records) {
      const seen = new Map<string, number>();
      (f.data.sources ?? []).forEach((source, i) => {
        const u = parse(source);
        if (u === null) return; // the schema already refused it
        const at = { file: f.file, field: `sources[${i}]`, line: lineOf(f.text, ['sources', i]) };
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
        const key = pageKey(u);
        const first = seen.get(key);
        if (first !== undefined) out.push({ ...at, message: `is the same page as sources[${first}]; list each page once` });
        else seen.set(key, i);
      });
    }
    return out;
  },
};

export const makerSources: NamedCheck = {
  name: 'makerSources',
  description: 'The count of tools with no source on their maker\'s own web presence stays at or below the recorded ceiling, so it only goes down.',
  check(c) {
    const rules = c.sourceRules;
    if (!rules) return [];
    const missing = toolsWithoutMakerSource(c).length;
    const ceiling = rules.data.max_tools_without_maker_source;
    if (missing <= ceiling) return [];
    return [{
      file: rules.file, field: 'max_tools_without_maker_source', line: lineOf(rules.text, ['max_tools_without_maker_source']),
      message: `${missing} tools have no source on their maker's own web presence, more than the ceiling of ${ceiling}: give the tools you added or changed a page of their maker (site, docs, repository, store listing) first; \`npm run validate\` lists the tools without one`,
    }];
  },
};

export const sourceChecks: NamedCheck[] = [sourceHygiene, makerSources];
