// What a source page is: who owns it (a registrable domain, or an owner on a code host), whether it
// is the tool's maker's own, whether its host is a staging build, and the key under which two
// addresses are one page. Read by the checks of sources (build/checks/sources.ts,
// build/checks/maker-sources.ts) and of URLs (build/checks/urls.ts).
import { getDomain } from 'tldts';
import type { SourceRules, ToolFile } from '../snapshot/schema.ts';

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

export const NO_RULES: SourceRules = { max_tools_without_maker_source: Number.POSITIVE_INFINITY, not_evidence: [], stores: [], maker_domains: [] };

/** Hosts where a path's first segment is an owner (a user or an org), not a page of the host's maker. */
const CODE_HOSTS: Record<string, string> = { 'github.com': 'github', 'raw.githubusercontent.com': 'github', 'gitlab.com': 'gitlab' };

export function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

export const hostOf = (u: URL) => u.hostname.toLowerCase().replace(/^www\./, '');

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
export function pageKey(u: URL): string {
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
