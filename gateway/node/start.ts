// npm start: the embedded default. Serves the snapshot in dist/ on 127.0.0.1:8787, with keys in
// the keys file (issuing a demo key on first start) or in Upstash Redis when configured.
// WEB_CONCURRENCY worker processes share the port (node:cluster); their limits stay exact, in
// Redis or, with the keys file, counted by the primary (primary-limits.ts). npm start runs this
// file bundled into plain JavaScript (gateway/bundle/start.mjs); the snapshot and the bundle are
// made, when missing or stale, by build/cli/ensure-built.ts, which npm runs first (prestart).
import cluster from 'node:cluster';
import { createGateway } from '../core/gateway.ts';
import { withDeadline } from '../core/deadline.ts';
import type { KeyAdmin, KeyInfo } from '../core/key-admin.ts';
import type { Plans } from '../core/plans.ts';
import { countForWorkers } from './primary-limits.ts';
import { loadSnapshot, type LoadedSnapshot } from './load.ts';
import { watchSnapshot } from './snapshot-watch.ts';
import { loadPlans, PlansFileError } from './plans-file.ts';
import { accessLog as openAccessLog } from './access-log.ts';
import { createServer } from './server.ts';
import { openStores } from './stores.ts';

const DIST = process.env.DIST_DIR ?? 'dist';
/** What an operator runs to issue a key. */
const CREATE_KEY = 'npm run keys -- create --plan free --name "my app"';
const HOST = process.env.HOST ?? '127.0.0.1';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A numeric setting from the environment, or a clear message and exit. */
function setting(name: string, fallback: number, min: number, max: number, what = 'a whole number'): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) fail(`${name} must be ${what} from ${min} to ${max}; got '${raw}'.`);
  return Number(raw);
}

const PORT = setting('PORT', 8787, 0, 65_535, 'a port number');
const WORKERS = setting('WEB_CONCURRENCY', 1, 1, 64);
const HEADERS_TIMEOUT_MS = setting('HEADERS_TIMEOUT_MS', 10_000, 1, 600_000, 'a whole number of milliseconds');
/** Everything a process remembers between requests (answers, selections, key verdicts, search words), keys included. */
const CACHE_MB = setting('CACHE_MB', 128, 0, 65_536, 'a whole number of megabytes');
/** Request bodies in flight (POST /mcp), all together; past it a new body is 503. */
const BODY_BUDGET_MB = setting('BODY_BUDGET_MB', 64, 1, 65_536, 'a whole number of megabytes');
/** Origin of the absolute URLs in Link headers; never the client's Host header. */
const base = (process.env.PUBLIC_BASE_URL || `http://${HOST.includes(':') ? `[${HOST}]` : HOST}:${PORT}`).replace(/\/+$/, '');
if (!/^https?:\/\/[^/?#\s]+$/.test(base)) fail(`PUBLIC_BASE_URL must be an origin such as https://api.example.com; got '${process.env.PUBLIC_BASE_URL}'.`);

/**
 * The first start of the embedded default (an empty keys file) issues one demo key on the free plan
 * (or the first plan), unless DEMO_KEY=off; a shared store (Redis) never gets one: its keys are the
 * operator's to issue.
 */
async function demoKey(admin: KeyAdmin, plans: Plans): Promise<{ key: string; plan: string } | undefined> {
  if (stores.shared || process.env.DEMO_KEY === 'off' || (await admin.list()).length > 0) return undefined;
  const plan = plans.free ? 'free' : Object.keys(plans)[0]!;
  return { key: (await admin.create(plan, 'demo key (first start)')).key, plan };
}

let plans: Plans;
try {
  plans = loadPlans();
} catch (e) {
  fail(e instanceof PlansFileError ? e.message : `Could not load the plans file: ${(e as Error).message}`);
}
const stores = await openStores(plans, process.env, { workers: cluster.isWorker ? WORKERS : 1 }).catch((e: Error) => fail(`Could not open the key store: ${e.message}`));
if (cluster.isPrimary && !stores.shared) await checkKeyPlans(await stores.admin.list().catch((e: Error) => fail(`Could not list the keys in ${stores.admin.location}: ${e.message}`)));
/** How long the check waits for the shared store's list of keys, and then how long until it asks again. */
const KEY_LIST_DEADLINE_MS = 5_000;
// A shared store that cannot be reached at start does not keep the server from listening (API.md:
// /healthz 200, /readyz 503 with the reason, keyed requests 503): the plans are checked once it answers.
if (cluster.isPrimary && stores.shared) checkKeyPlansOnceReachable();

function checkKeyPlansOnceReachable(): void {
  let told = false;
  const attempt = () => withDeadline(stores.admin.list(), () => new Error(`no answer within ${KEY_LIST_DEADLINE_MS / 1000} s`), KEY_LIST_DEADLINE_MS).then(checkKeyPlans, (e: Error) => {
    if (!told) console.error(`The key store ${stores.admin.location} cannot be reached (${e.message}): listening anyway; /readyz says why and keyed requests get 503 until it answers. The keys' plans are checked once it does.`);
    told = true;
    setTimeout(() => void attempt(), KEY_LIST_DEADLINE_MS).unref();
  });
  void attempt();
}

/** Every active key's plan must be in the plans file: a key on a missing plan would get 503 forever. */
async function checkKeyPlans(keys: KeyInfo[]): Promise<void> {
  const missing = new Map<string, string[]>();
  for (const k of keys) if (k.status === 'active' && !plans[k.plan]) missing.set(k.plan, [...(missing.get(k.plan) ?? []), k.id]);
  if (missing.size === 0) return;
  const list = [...missing].map(([plan, ids]) => `'${plan}' (${ids.join(', ')})`).join('; ');
  fail(`Keys in ${stores.admin.location} are on plans that are not in the plans file ${process.env.PLANS_FILE ?? 'gateway/plans.json'}: ${list}. Add the plans to that file, or revoke the keys (npm run keys -- revoke <id>).`);
}

if (cluster.isPrimary && WORKERS > 1) {
  // The workers accept connections themselves: with the primary handing them out (round-robin), a
  // connection in transit to a worker that dies is held by the primary and never answered.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const demo = await demoKey(stores.admin, plans).catch((e: Error) => fail(`Could not issue the demo key: ${e.message}`));
  announce(demo);
  // The primary counts for the workers on the keys file, so it records (and writes) their usage too.
  const counter = stores.shared ? undefined : countForWorkers(plans, Date.now, (id, at, counted, refused) => stores.usage.record(id, at, counted, refused ? 1 : 0));
  const fork = () => { const worker = cluster.fork(); counter?.watch(worker); };
  for (let i = 0; i < WORKERS; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) { console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`); fork(); }
  });
  let stopping = false;
  const stop = () => { stopping = true; void stores.close(); for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM'); setTimeout(() => process.exit(0), 5_000).unref(); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  cluster.on('exit', () => { if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(0); });
} else {
  await serve();
}

function announce(demo: { key: string; plan: string } | undefined): void {
  console.log(`AI Tools Catalog API on ${base}/api/v1 (keys: ${stores.admin.location}${WORKERS > 1 ? `, ${WORKERS} workers` : ''}).`);
  if (!demo) {
    console.log(!stores.shared && process.env.DEMO_KEY === 'off' ? `No demo key (DEMO_KEY=off): issue keys with ${CREATE_KEY}` : withoutDemoKey());
    return;
  }
  const perMinute = plans[demo.plan]!.per_minute;
  console.log(`\nFirst start: issued a demo key on the ${demo.plan} plan (${perMinute} requests/minute). It is shown only this once:\n\n  ${demo.key}\n\nTry it:\n\n  curl -H "X-API-Key: ${demo.key}" "${base}/api/v1/tools?per_page=2"\n\nIssue more with: npm run keys -- create --plan pro --name "my app"\n`);
}

/** A start that shows no key (keys already issued, or a shared store's): where the keys are, and how to make one. */
function withoutDemoKey(): string {
  const why = stores.shared ? 'Keys are issued by the operator' : 'No key is shown after the first start';
  return `${why}: the keys are in ${stores.admin.location} (npm run keys -- list lists them). Issue one with:\n\n  ${CREATE_KEY}\n`;
}

async function serve(): Promise<void> {
  const snapshot = await loadSnapshot(DIST);
  const demo = cluster.isPrimary ? await demoKey(stores.admin, plans).catch((e: Error) => fail(`Could not issue the demo key: ${e.message}`)) : undefined;
  // The stores and limiters outlive a snapshot: a new snapshot gets a new gateway over the same ones.
  const gatewayOf = (loaded: LoadedSnapshot) => createGateway({
    snapshot: loaded.view, keys: stores.keys, keyCacheMs: stores.keyCacheMs, limiterFor: stores.limiterFor, usage: stores.usage, perMinute: (plan) => plans[plan]?.per_minute,
    publicBaseUrl: base, cacheBytes: CACHE_MB * 1024 * 1024, bodyBudgetBytes: BODY_BUDGET_MB * 1024 * 1024,
  });
  const accessLog = openAccessLog();
  const site = { gateway: gatewayOf(snapshot), bodies: snapshot.bodies, accessLog: accessLog.log, headersTimeoutMs: HEADERS_TIMEOUT_MS };
  const server = createServer(site);
  const watch = watchSnapshot(DIST, snapshot, (next) => Object.assign(site, { gateway: gatewayOf(next), bodies: next.bodies }), (line) => console.error(line));
  server.on('error', (e: NodeJS.ErrnoException) => fail(e.code === 'EADDRINUSE' ? `Port ${PORT} on ${HOST} is in use; set PORT to another port.` : `Server error: ${e.message}`));
  server.listen(PORT, HOST, () => {
    if (cluster.isPrimary) {
      console.log(`Snapshot ${snapshot.view.id}: ${snapshot.view.data.tools.length} tools.`);
      announce(demo);
    }
  });

  let stopping = false;
  /** Within 5 s whatever the key store is doing: a hung file call would hold process.exit forever. */
  const exit = () => {
    accessLog.flush();
    if (stores.hung()) process.kill(process.pid, 'SIGKILL');
    process.exit(0);
  };
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (cluster.isPrimary) console.log(`${signal}: finishing open requests, then stopping.`);
    watch.stop();
    server.close(() => { void stores.close(); exit(); });
    server.closeIdleConnections();
    setTimeout(exit, 4_500).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
