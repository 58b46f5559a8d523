// The link checker (npm run check-links): every url, repository and source of the catalog,
// following redirects, reporting dead links, moved domains (a redirect that ends on another host)
// and timeouts, as a Markdown table and as GitHub annotations. A weekly workflow runs it. When the
// first links all fail on DNS, the network is down (not the sites): it stops and says so.
import type { Catalog } from './catalog.ts';

export interface Link { url: string; file: string; field: string }
export type LinkStatus = 'ok' | 'moved' | 'dead' | 'timeout' | 'error';
export interface LinkResult extends Link { status: LinkStatus; detail: string; final: string }

export interface CheckOptions { timeoutMs?: number; maxRedirects?: number; fetch?: typeof fetch }

/** Every link of the catalog, with the file and field it is written in. */
export function linksOf(catalog: Catalog): Link[] {
  const out: Link[] = [];
  for (const { file, data: t } of catalog.tools) {
    out.push({ url: t.url, file, field: 'url' });
    if (t.repository) out.push({ url: t.repository, file, field: 'repository' });
    (t.sources ?? []).forEach((url, i) => out.push({ url, file, field: `sources[${i}]` }));
  }
  for (const { file, data: r } of catalog.retired) (r.sources ?? []).forEach((url, i) => out.push({ url, file, field: `sources[${i}]` }));
  return out;
}

const hostOf = (url: string) => new URL(url).host.replace(/^www\./, '').toLowerCase();

/** One link, followed through its redirects (HEAD, then GET where HEAD is refused). */
export async function checkLink(link: Link, { timeoutMs = 10_000, maxRedirects = 5, fetch: get = fetch }: CheckOptions = {}): Promise<LinkResult> {
  let current = link.url;
  const result = (status: LinkStatus, detail: string): LinkResult => ({ ...link, status, detail, final: current });
  try {
    for (let hops = 0; ; hops++) {
      let response = await get(current, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 405 || response.status === 501) response = await get(current, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        if (hops === maxRedirects) return result('error', `more than ${maxRedirects} redirects`);
        current = new URL(location, current).toString();
        continue;
      }
      if (response.status >= 400) return result('dead', `HTTP ${response.status}`);
      return hostOf(current) !== hostOf(link.url) ? result('moved', `now on ${hostOf(current)}: update the link`) : result('ok', `HTTP ${response.status}`);
    }
  } catch (e) {
    const error = e as Error & { cause?: { code?: string; message?: string } };
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return result('timeout', `no answer within ${timeoutMs / 1000} s`);
    return result('error', error.cause?.code ?? error.cause?.message ?? error.message);
  }
}

/** Name-resolution failures: the host name did not resolve (a dead domain, or no network at all). */
const DNS_FAILURES = new Set(['ENOTFOUND', 'EAI_AGAIN']);
export const isDnsFailure = (r: LinkResult) => r.status === 'error' && DNS_FAILURES.has(r.detail);

/** Thrown when the first links all fail on DNS: the machine cannot reach the network, so the rest would fail the same way. */
export class NetworkUnreachableError extends Error {
  constructor(readonly results: LinkResult[]) {
    super(`the network looks unreachable: the first ${results.length} links all failed on DNS (${[...new Set(results.map((r) => r.detail))].join(', ')}, e.g. ${new URL(results[0]!.url).host}); check the connection or the DNS resolver and run again`);
  }
}

export interface CheckLinksOptions extends CheckOptions {
  /** Links checked at once (default 8). */
  concurrency?: number;
  /** Told of each result as it comes, with how many are done. */
  onResult?: (result: LinkResult, done: number, total: number) => void;
  /** Stop when this many first results all failed on DNS (default 8; fewer when there are fewer links). */
  unreachableAfter?: number;
}

/** Every link, a few at a time (the sites are other people's), in the order given. */
export async function checkLinks(links: readonly Link[], options: CheckLinksOptions = {}): Promise<LinkResult[]> {
  const results: LinkResult[] = new Array(links.length);
  const first = Math.min(options.unreachableAfter ?? 8, links.length);
  const finished: LinkResult[] = [];
  let next = 0;
  let unreachable = false;
  const worker = async () => {
    while (next < links.length && !unreachable) {
      const i = next++;
      const result = await checkLink(links[i]!, options);
      results[i] = result;
      finished.push(result);
      options.onResult?.(result, finished.length, links.length);
      if (finished.length === first && finished.every(isDnsFailure)) unreachable = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, links.length) }, worker));
  if (unreachable) throw new NetworkUnreachableError(finished.slice(0, first));
  return results;
}

/** The problems as a Markdown table (for the job summary), with the counts. */
export function linkTable(results: readonly LinkResult[]): string {
  const bad = results.filter((r) => r.status !== 'ok');
  const counts = (['ok', 'moved', 'dead', 'timeout', 'error'] as const).map((s) => `${results.filter((r) => r.status === s).length} ${s}`).join(', ');
  const lines = ['## Link check', '', `${results.length} links: ${counts}.`, ''];
  if (bad.length > 0) {
    lines.push('| File | Field | Link | Status | Detail |', '|---|---|---|---|---|');
    for (const r of bad) lines.push(`| ${r.file} | ${r.field} | ${r.url} | ${r.status} | ${r.detail}${r.final !== r.url ? ` (${r.final})` : ''} |`);
    lines.push('');
  }
  return lines.join('\n');
}

/** One GitHub annotation per problem, on the file that holds the link. */
export function linkAnnotations(results: readonly LinkResult[]): string[] {
  return results.filter((r) => r.status !== 'ok').map((r) => `::${r.status === 'moved' ? 'warning' : 'error'} file=${r.file}::${r.field}: ${r.url} is ${r.status} (${r.detail})`);
}
