// The keys CLI's commands that issue, revoke, list, rotate, export and import keys, in whichever
// store the environment names (Upstash Redis, else the keys file).
import { noSuchKey, type KeyAdmin } from '../core/key-admin.ts';
import type { Plans } from '../core/plans.ts';
import { lastDays } from '../core/usage.ts';
import { readKeysExport } from '../node/keys-file.ts';
import { DEFAULT_PLANS_FILE, loadPlans } from '../node/plans-file.ts';
import { keyAdminFromEnv, usageFromEnv } from '../node/stores.ts';
import { CliError, oneLine, parse, printTable, type KeysIo } from './io.ts';

const NAME_MAX = 100;

function plansOf(env: KeysIo['env']): Plans {
  return loadPlans(env.PLANS_FILE ?? DEFAULT_PLANS_FILE);
}

/** The store the keys live in: Upstash Redis when configured, else the keys file. */
function keyAdmin(env: KeysIo['env']): KeyAdmin {
  return keyAdminFromEnv(plansOf(env), env);
}

export async function create(args: string[], { env, stdout }: KeysIo): Promise<number> {
  const { values } = parse('create', args, { plan: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } }, 0);
  const plan = values.plan;
  const name = values.name?.trim();
  if (plan === undefined) throw new CliError('create needs --plan <plan>, for example: npm run keys -- create --plan free --name "CI bot".');
  if (name === undefined || name === '') throw new CliError('create needs --name <label> saying who or what the key is for, for example --name "CI bot".');
  if (name.length > NAME_MAX || /\p{Cc}/u.test(name)) throw new CliError(`--name must be at most ${NAME_MAX} characters on one line.`);
  const plans = plansOf(env);
  const limit = plans[plan];
  if (!limit) throw new CliError(`Unknown plan '${plan}'; the plans are ${Object.keys(plans).join(', ')}.`);

  const admin = keyAdminFromEnv(plans, env);
  const { key, info: record } = await admin.create(plan, name);

  if (values.json) {
    stdout(`${JSON.stringify({ id: record.id, key, plan, name })}\n`);
    return 0;
  }
  const base = `${(env.PUBLIC_BASE_URL || `http://${env.HOST || '127.0.0.1'}:${env.PORT || 8787}`).replace(/\/+$/, '')}/api/v1`;
  stdout(`Created key ${record.id} on plan ${plan} (${limit.per_minute} requests per minute), named "${name}":

    ${key}

Copy it now: this is the only time it is shown (${admin.location} keeps only its SHA-256 hash).
A running server accepts it within a second. Try it:

    curl -H "X-API-Key: ${key}" ${base}/tools
`);
  return 0;
}

export async function revoke(args: string[], { env, stdout }: KeysIo): Promise<number> {
  const { positionals } = parse('revoke', args, {}, 1);
  const id = positionals[0];
  if (id === undefined) throw new CliError('revoke needs the id of the key, for example: npm run keys -- revoke key_0123456789ab.');
  const revoked = await keyAdmin(env).revoke(id);
  stdout(`Revoked key ${revoked.id} (plan ${revoked.plan}, named "${revoked.name}") at ${revoked.revoked_at}. A running server refuses it within a second.\n`);
  return 0;
}

export async function list(args: string[], { env, stdout }: KeysIo): Promise<number> {
  const { values } = parse('list', args, { json: { type: 'boolean' } }, 0);
  const admin = keyAdmin(env);
  const rows = await admin.list();
  if (values.json) {
    stdout(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  if (rows.length === 0) {
    stdout(`No keys in ${admin.location} yet. Create one with: npm run keys -- create --plan free --name "CI bot"\n`);
    return 0;
  }
  const table = rows.map((r) => [r.id, r.plan, oneLine(r.name), r.status, r.created_at, r.revoked_at ?? '-', `${r.hash_prefix}…`]);
  printTable(['ID', 'PLAN', 'NAME', 'STATUS', 'CREATED', 'REVOKED', 'HASH'], table, stdout);
  for (const r of rows) if (r.previous_until) stdout(`${r.id}: previous key valid until ${r.previous_until} (rotated with a grace period)\n`);
  return 0;
}

/** A new secret for a key: shown once, like a created key. */
export async function rotate(args: string[], { env, stdout }: KeysIo): Promise<number> {
  const { values, positionals } = parse('rotate', args, { grace: { type: 'string' } }, 1);
  const id = positionals[0];
  if (id === undefined) throw new CliError('rotate needs the id of the key, for example: npm run keys -- rotate key_0123456789ab --grace 10m.');
  const graceMs = values.grace === undefined ? 0 : duration(values.grace);
  const { key, info } = await keyAdmin(env).rotate(id, graceMs);
  const old = info.previous_until ? `The old secret keeps working until ${info.previous_until}, then is refused.` : 'The old secret is refused from now on.';
  stdout(`Rotated key ${info.id} (plan ${info.plan}, named "${oneLine(info.name)}"). Its new secret:\n\n    ${key}\n\nCopy it now: this is the only time it is shown. ${old}\n`);
  return 0;
}

/** "90s", "10m", "2h" in milliseconds. */
function duration(text: string): number {
  const m = /^(\d{1,6})(s|m|h)$/.exec(text.trim());
  if (!m) throw new CliError(`--grace takes a duration such as 30s, 10m or 2h; got '${text}'.`);
  return Number(m[1]) * { s: 1_000, m: 60_000, h: 3_600_000 }[m[2] as 's' | 'm' | 'h'];
}

/** What each key used: its last use and requests over the last 30 days, or one key's days. */
export async function usage(args: string[], { env, stdout }: KeysIo): Promise<number> {
  const { values, positionals } = parse('usage', args, { json: { type: 'boolean' } }, 1);
  const plans = plansOf(env);
  const admin = keyAdminFromEnv(plans, env);
  const store = usageFromEnv(plans, env);
  const days = lastDays(Date.now());
  const keys = (await admin.list()).filter((k) => positionals[0] === undefined || k.id === positionals[0]);
  if (positionals[0] !== undefined && keys.length === 0) throw noSuchKey(positionals[0], admin.location);
  const rows = await Promise.all(keys.map(async (k) => ({ ...k, ...(await store.read(k.id, days)) })));
  if (values.json) {
    stdout(`${JSON.stringify(rows.map(({ id, name, plan, status, last_used_at, days: d }) => ({ id, name, plan, status, last_used_at, days: d })), null, 2)}\n`);
    return 0;
  }
  const total = (d: { requests: number }[]) => d.reduce((n, x) => n + x.requests, 0);
  if (positionals[0] !== undefined) {
    const [k] = rows;
    stdout(`${k!.id} (${k!.plan}, "${oneLine(k!.name)}"): last used ${k!.last_used_at ?? 'never'}; ${total(k!.days)} requests in 30 days.\n`);
    for (const d of k!.days.filter((x) => x.requests + x.limited > 0)) stdout(`  ${d.date}  ${String(d.requests).padStart(8)} requests  ${String(d.limited).padStart(6)} limited\n`);
    return 0;
  }
  const table = rows.map((r) => [r.id, r.plan, oneLine(r.name), r.last_used_at ?? 'never', String(r.days.at(-1)!.requests), String(total(r.days))]);
  printTable(['ID', 'PLAN', 'NAME', 'LAST USED', 'TODAY', '30 DAYS'], table, stdout);
  return 0;
}

/** The backup of a store: the keys file's own format, so either store can restore it. */
export async function exportKeys(args: string[], { env, stdout }: KeysIo): Promise<number> {
  parse('export', args, {}, 0);
  stdout(`${JSON.stringify({ keys: await keyAdmin(env).exportRecords() }, null, 2)}\n`);
  return 0;
}

export async function importKeys(args: string[], { env, stdout }: KeysIo): Promise<number> {
  const { positionals } = parse('import', args, {}, 1);
  const file = positionals[0];
  if (file === undefined) throw new CliError('import needs the file an export wrote, for example: npm run keys -- import keys-backup.json.');
  const records = readKeysExport(file);
  const plans = plansOf(env);
  const unknown = [...new Set(records.map((r) => r.plan).filter((plan) => !plans[plan]))];
  if (unknown.length > 0) throw new CliError(`${file} has keys on plans that are not in the plans file: ${unknown.join(', ')}; add them to it first. Nothing was imported.`);
  const admin = keyAdminFromEnv(plans, env);
  const { added, present } = await admin.importRecords(records);
  stdout(`Imported ${added} keys into ${admin.location}${present > 0 ? ` (${present} were already there)` : ''}. Running servers accept them within ${admin.location.startsWith('http') ? '30 s' : 'a second'}.\n`);
  return 0;
}
