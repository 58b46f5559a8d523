// npm run check-links [-- --catalog DIR --timeout SECONDS --concurrency N]: checks every link of the
// catalog (see build/link-check.ts), saying how far it got as it goes, then lists the records to
// re-check: those with a dead or moved source, and those checked longest ago.
import { appendFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readCatalog } from '../catalog.ts';
import { oldestVerified, recheckFromLinks, recheckMarkdown } from '../freshness.ts';
import { checkLinks, linkAnnotations, linksOf, linkTable, NetworkUnreachableError, type LinkResult } from '../link-check.ts';

const USAGE = 'Usage: npm run check-links -- [--catalog DIR] [--timeout SECONDS (default 10)] [--concurrency N (default 8)]';
const { values } = parseArgs({ options: { catalog: { type: 'string', default: 'catalog' }, timeout: { type: 'string', default: '10' }, concurrency: { type: 'string', default: '8' } } });
const timeout = Number(values.timeout);
const concurrency = Number(values.concurrency);
if (!(timeout > 0) || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`--timeout must be a number of seconds above 0 and --concurrency a whole number from 1; got ${values.timeout} and ${values.concurrency}.\n${USAGE}`);
  process.exit(2);
}

const catalog = await readCatalog(values.catalog!);
const links = linksOf(catalog);
console.error(`Checking ${links.length} links, ${concurrency} at a time, ${timeout} s each at most.`);
const counts = { ok: 0, moved: 0, dead: 0, timeout: 0, error: 0 };
let lastReport = Date.now();
const progress = (r: LinkResult, done: number, total: number) => {
  counts[r.status]++;
  if (r.status !== 'ok') console.error(`  ${r.status}: ${r.file} ${r.field} ${r.url} (${r.detail})`);
  if (done === total || done % 50 === 0 || Date.now() - lastReport > 5000) {
    lastReport = Date.now();
    console.error(`${done}/${total} checked: ${Object.entries(counts).map(([s, n]) => `${n} ${s}`).join(', ')}`);
  }
};

let results: LinkResult[];
try {
  results = await checkLinks(links, { timeoutMs: timeout * 1000, concurrency, onResult: progress });
} catch (e) {
  if (!(e instanceof NetworkUnreachableError)) throw e;
  console.error(`Stopped: ${e.message}.`);
  process.exit(2);
}
const report = `${linkTable(results)}\n${recheckMarkdown(recheckFromLinks(catalog, results), oldestVerified(catalog))}`;
process.stdout.write(report);
if (process.env.GITHUB_STEP_SUMMARY) await appendFile(process.env.GITHUB_STEP_SUMMARY, report);
if (process.env.GITHUB_ACTIONS) for (const line of linkAnnotations(results)) console.log(line);
process.exitCode = results.some((r) => r.status === 'dead' || r.status === 'error') ? 1 : 0;
