// One build in its own process, for bench/build.ts: prints {ms, maxRssMb, summary} as JSON.
import { buildSnapshot } from '../build/build.ts';

const [catalog, out] = process.argv.slice(2) as [string, string];
const result = await buildSnapshot(catalog, out);
if (!result.ok) {
  console.error(`build failed with ${result.problems.length} problems`);
  process.exit(1);
}
console.log(JSON.stringify({ ms: result.ms, maxRssMb: process.resourceUsage().maxRSS / 1024, summary: result.summary }));
