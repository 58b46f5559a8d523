// npm run check-links [-- --catalog DIR]: checks every link of the catalog (see build/link-check.ts).
import { appendFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readCatalog } from '../catalog.ts';
import { checkLinks, linkAnnotations, linksOf, linkTable } from '../link-check.ts';

const { values } = parseArgs({ options: { catalog: { type: 'string', default: 'catalog' } } });
const results = await checkLinks(linksOf(await readCatalog(values.catalog!)));
const table = linkTable(results);
process.stdout.write(table);
if (process.env.GITHUB_STEP_SUMMARY) await appendFile(process.env.GITHUB_STEP_SUMMARY, table);
if (process.env.GITHUB_ACTIONS) for (const line of linkAnnotations(results)) console.log(line);
process.exitCode = results.some((r) => r.status === 'dead' || r.status === 'error') ? 1 : 0;
