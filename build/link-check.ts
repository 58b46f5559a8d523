// The link checker (npm run check-links): every url, repository and source of the catalog,
// following redirects, reporting dead links, moved domains (a redirect that ends on another host)
// and timeouts, as a Markdown table and as GitHub annotations. A weekly workflow runs it.
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

/** Every link, a few at a time (the sites are other people's). */
export async function checkLinks(links: readonly Link[], options: CheckOptions & { concurrency?: number } = {}): Promise<LinkResult[]> {
  const results: LinkResult[] = new Array(links.length);
  let next = 0;
  const worker = async () => {
    while (next < links.length) {
      const i = next++;
      results[i] = await checkLink(links[i]!, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, links.length) }, worker));
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
