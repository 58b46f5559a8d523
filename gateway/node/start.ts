// npm start: the embedded default. Opens the key file (issuing a demo key on first start) and
// serves the snapshot in dist/ on 127.0.0.1:8787. The snapshot is built, when missing or stale, by
// build/cli/ensure-snapshot.ts, which the npm script runs first.
import { createHash } from 'node:crypto';
import { etagFromDigest } from '../../snapshot/etag.ts';
import { createGateway } from '../core/gateway.ts';
import { memoryRateLimiter } from '../core/memory-rate-limiter.ts';
import type { RateLimiter } from '../core/rate-limiter.ts';
import { FileKeyStore } from './file-key-store.ts';
import { keysFilePath, newKeyRecord, readKeysFile, updateKeysFile } from './keys-file.ts';
import { loadSnapshot } from './load.ts';
import { loadPlans, PlansFileError } from './plans-file.ts';
import { bufferedLog, createServer } from './server.ts';

const DIST = process.env.DIST_DIR ?? 'dist';
const PORT = Number(process.env.PORT ?? 8787);
const HOST = process.env.HOST ?? '127.0.0.1';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function ensureDemoKey(file: string): Promise<string | undefined> {
  if ((await readKeysFile(file)).length > 0) return undefined;
  const { key, record } = await newKeyRecord('free', 'demo key (first start)');
  return updateKeysFile(file, (records) => (records.length > 0 ? { records, result: undefined } : { records: [record], result: key }));
}

let plans;
try {
  plans = loadPlans();
} catch (e) {
  fail(e instanceof PlansFileError ? e.message : `Could not load the plans file: ${(e as Error).message}`);
}
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
  snapshot: snapshot.view, keys, limiterFor: (plan) => limiters.get(plan), perMinute: (plan) => plans[plan]?.per_minute,
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
  server.close(() => { void keys.close(); exit(); });
  server.closeIdleConnections();
  setTimeout(exit, 4_500).unref();
}

/** Within 5 s whatever the key store is doing: a hung file call would hold process.exit forever. */
function exit(): void {
  accessLog.flush();
  if (keys.hung()) process.kill(process.pid, 'SIGKILL');
  process.exit(0);
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
