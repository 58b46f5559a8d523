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
const HOST = process.env.HOST ?? '127.0.0.1';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const PORT = Number(process.env.PORT ?? 8787);
if (!/^\d{1,5}$/.test(process.env.PORT ?? '8787') || PORT > 65_535) fail(`PORT must be a port number from 0 to 65535; got '${process.env.PORT}'.`);
const HEADERS_TIMEOUT_MS = Number(process.env.HEADERS_TIMEOUT_MS ?? 10_000);
if (!Number.isInteger(HEADERS_TIMEOUT_MS) || HEADERS_TIMEOUT_MS < 1) fail(`HEADERS_TIMEOUT_MS must be a positive integer (milliseconds); got '${process.env.HEADERS_TIMEOUT_MS}'.`);
/** Origin of the absolute URLs in Link headers; never the client's Host header. */
const PUBLIC_BASE_URL = process.env.PUBLIC_BASE_URL ?? `http://${HOST.includes(':') ? `[${HOST}]` : HOST}:${PORT}`;
if (!/^https?:\/\/[^/?#\s]+\/?$/.test(PUBLIC_BASE_URL)) fail(`PUBLIC_BASE_URL must be an origin such as https://api.example.com; got '${PUBLIC_BASE_URL}'.`);

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
  publicBaseUrl: PUBLIC_BASE_URL,
});
const accessLog = bufferedLog();
const server = createServer({ gateway, bodies: snapshot.bodies, accessLog: accessLog.log, headersTimeoutMs: HEADERS_TIMEOUT_MS });

server.on('error', (e: NodeJS.ErrnoException) => fail(e.code === 'EADDRINUSE' ? `Port ${PORT} on ${HOST} is in use; set PORT to another port.` : `Server error: ${e.message}`));
server.listen(PORT, HOST, () => {
  const base = `http://${HOST}:${PORT}`;
  console.log(`AI Tools Catalog API on ${base}/api/v1 (snapshot ${snapshot.view.id}, ${snapshot.view.data.tools.length} tools). Keys: ${keysFile}.`);
  if (demoKey) {
    console.log(`\nFirst start: issued a demo key on the free plan (${plans.free ? `${plans.free.per_minute} requests/minute` : 'not in the plans file: its requests get 503'}). It is shown only this once:\n\n  ${demoKey}\n\nTry it:\n\n  curl -H "X-API-Key: ${demoKey}" "${base}/api/v1/tools?per_page=2"\n\nIssue more with: npm run keys -- create --plan pro --name "my app"\n`);
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
