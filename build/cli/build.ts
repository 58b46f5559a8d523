// npm run build [-- --catalog DIR --out DIR]
import { parseArgs } from 'node:util';
import { buildSnapshot } from '../build.ts';
import { reportProblems } from '../report.ts';
import { EdgeLimitError } from '../vercel-output.ts';

const { values } = parseArgs({ options: { catalog: { type: 'string', default: 'catalog' }, out: { type: 'string', default: 'dist' }, vercel: { type: 'string', default: '.vercel/output' } } });
const result = await buildSnapshot(values.catalog!, values.out!, { vercelDir: values.vercel! }).catch((e: unknown) => {
  if (!(e instanceof EdgeLimitError)) throw e;
  console.error(`Build stopped: ${e.message}`);
  process.exit(1);
});
if (!result.ok) {
  reportProblems(result.problems);
  console.error(`Build stopped: the catalog has problems. ${values.out}/ was left unchanged.`);
  process.exit(1);
}
const s = result.summary;
console.log(`Built snapshot ${s.snapshot} into ${values.out}/: ${s.tools} tools, ${s.categories} categories, ${s.bodies} prebuilt bodies; ${s.files} files, ${(s.bytes / 1024 / 1024).toFixed(1)} MB in ${(result.ms / 1000).toFixed(2)} s.`);

const edge = result.edge!;
console.log(`Wrote the Vercel deployment into ${values.vercel}/: edge middleware ${(edge.bundleGzipBytes / 1024).toFixed(0)} KB gzipped (${(edge.bundleBytes / 1024).toFixed(0)} KB raw; search index ${edge.indexBundled ? 'bundled' : 'served from the CDN'}), ${edge.staticFiles} static files.`);
