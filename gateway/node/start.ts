// npm start: the embedded default. Builds the snapshot when dist/ is missing or older than the
// catalog, opens the key file (issuing a demo key on first start), and serves on 127.0.0.1:8787.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildSnapshot } from '../../build/build.ts';
import { reportProblems } from '../../build/report.ts';
import { etagFromDigest } from '../../snapshot/etag.ts';
import { createGateway } from '../core.ts';
import { FileKeyStore } from '../file-key-store.ts';
import { keysFilePath, newKeyRecord, readKeysFile, updateKeysFile } from '../keys-file.ts';
import { memoryRateLimiter } from '../memory-rate-limiter.ts';
import { loadPlans, PlansFileError } from '../plans.ts';
import type { RateLimiter } from '../rate-limiter.ts';
import { loadSnapshot } from './load.ts';
import { bufferedLog, createServer } from './server.ts';

const CATALOG = process.env.CATALOG_DIR ?? 'catalog';
const DIST = process.env.DIST_DIR ?? 'dist';
const PORT = Number(process.env.PORT ?? 8787);
const HOST = process.env.HOST ?? '127.0.0.1';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

async function ensureSnapshot(): Promise<void> {
  const manifest = path.join(DIST, 'manifest.json');
  const built = await stat(manifest).then((s) => s.mtimeMs, () => 0);
  if (built > 0 && built >= (await newestMtime(CATALOG))) return;
  console.log(built === 0 ? `No snapshot in ${DIST}/; building it from ${CATALOG}/...` : `${CATALOG}/ changed since the last build; rebuilding...`);
  const result = await buildSnapshot(CATALOG, DIST);
  if (result.ok) {
    console.log(`Built snapshot ${result.summary.snapshot}: ${result.summary.tools} tools, ${result.summary.categories} categories in ${(result.ms / 1000).toFixed(2)} s.`);
    return;
  }
  reportProblems(result.problems);
  if (built === 0) fail('The catalog has problems and there is no previous snapshot to serve; fix them and run npm start again.');
  console.error(`The catalog has problems; serving the previous snapshot in ${DIST}/ until they are fixed.`);
}

async function ensureDemoKey(file: string): Promise<string | undefined> {
  if ((await readKeysFile(file)).length > 0) return undefined;
  return updateKeysFile(file, (records) => {
    if (records.length > 0) return { records, result: undefined };
    const { key, record } = newKeyRecord('free', 'demo key (first start)');
    return { records: [record], result: key };
  });
}

let plans;
try {
  plans = loadPlans();
} catch (e) {
  fail(e instanceof PlansFileError ? e.message : `Could not load the plans file: ${(e as Error).message}`);
}
await ensureSnapshot();
const snapshot = await loadSnapshot(DIST);
const keysFile = keysFilePath();
let demoKey: string | undefined;
let keys: FileKeyStore;
try {
  demoKey = await ensureDemoKey(keysFile);
  keys = await FileKeyStore.open(keysFile);
} catch (e) {
  fail(`Could not open the keys file ${keysFile}: ${(e as Error).message}`);
}
const limiters = new Map<string, RateLimiter>(Object.entries(plans).map(([name, plan]) => [name, memoryRateLimiter(plan.per_minute)]));
const gateway = createGateway({
  snapshot: snapshot.view, keys, limiterFor: (plan) => limiters.get(plan),
  etag: (body) => etagFromDigest(createHash('sha256').update(body).digest()),
});
const accessLog = bufferedLog();
const server = createServer({ gateway, bodies: snapshot.bodies, accessLog: accessLog.log });

server.on('error', (e: NodeJS.ErrnoException) => fail(e.code === 'EADDRINUSE' ? `Port ${PORT} on ${HOST} is in use; set PORT to another port.` : `Server error: ${e.message}`));
server.listen(PORT, HOST, () => {
  const base = `http://${HOST}:${PORT}`;
  console.log(`AI Tools Catalog API on ${base}/api/v1 (snapshot ${snapshot.view.id}, ${snapshot.view.data.tools.length} tools). Keys: ${keysFile}.`);
  if (demoKey) {
    console.log(`\nFirst start: issued a demo key on the free plan (60 requests/minute). It is shown only this once:\n\n  ${demoKey}\n\nTry it:\n\n  curl -H "X-API-Key: ${demoKey}" "${base}/api/v1/tools?per_page=2"\n\nIssue more with: npm run keys -- create --plan pro --name "my app"\n`);
  }
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing open requests, then stopping.`);
  server.close(() => { accessLog.flush(); void keys.close(); process.exit(0); });
  server.closeIdleConnections();
  setTimeout(() => { accessLog.flush(); process.exit(0); }, 5_000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
