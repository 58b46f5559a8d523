// npm run keys -- <command>: the operator's tool to issue, revoke and list API keys. Keys are
// never issued over the API. The keys file (KEYS_FILE, default .data/keys.json) keeps only
// SHA-256 hashes, so a new key is printed once and cannot be shown again.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { noSuchKey, type KeyAdmin } from '../core/key-admin.ts';
import type { Plans } from '../core/plans.ts';
import { DEFAULT_PLANS_FILE, loadPlans } from '../node/plans-file.ts';
import { readKeysExport } from '../node/keys-file.ts';
import { keyAdminFromEnv, usageFromEnv } from '../node/stores.ts';
import { lastDays } from '../core/usage.ts';

/** Where a run reads its settings and writes its output (the process's own, when run as a script). */
export interface KeysIo {
  env: Record<string, string | undefined>;
  /** Text for stdout, newlines included. */
  stdout(text: string): void;
  /** Text for stderr, newlines included. */
  stderr(text: string): void;
}

const USAGE = `Usage: npm run keys -- <command>

Commands:
  create --plan <plan> --name <label> [--json]   issue a new key; it is shown once
  revoke <id>                                    revoke a key by its id (key_...)
  list [--json]                                  list keys (never the keys themselves)
  rotate <id> [--grace 10m]                      a new secret for the same id, plan and name; the old one
                                                 is refused at once, or after the grace period (s, m, h)
  usage [id] [--json]                            requests per day over 30 days, and when each key was last used
  export                                         print every key's stored record (hashes, never keys) as JSON
  import <file>                                  add the records of an export that the store lacks (a restore)
  help                                           show this text

Keys live in Upstash Redis when UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are set
(servers see changes within 30 s), else in KEYS_FILE (default .data/keys.json; a running server
sees changes within a second). The plans are in PLANS_FILE (default gateway/plans.json).
`;

/** A mistake of the operator's: printed as one sentence, exit 1, no stack trace. */
class CliError extends Error {}

const NAME_MAX = 100;

/** Runs one command of the keys CLI; resolves to its exit code (0, or 1 with one sentence on stderr). */
export async function runKeys(argv: string[], io: KeysIo): Promise<number> {
  try {
    return await command(argv, io);
  } catch (e) {
    // Operator mistakes and bad files (PlansFileError, KeysFileError) carry plain messages; anything
    // else is still one line, without a stack trace.
    io.stderr(`${(e as Error).message ?? String(e)}\n`);
    return 1;
  }
}

async function command(argv: string[], io: KeysIo): Promise<number> {
  const [name, ...rest] = argv;
  switch (name) {
    case 'create': return create(rest, io);
    case 'revoke': return revoke(rest, io);
    case 'list': return list(rest, io);
    case 'usage': return usage(rest, io);
    case 'rotate': return rotate(rest, io);
    case 'export': return exportKeys(rest, io);
    case 'import': return importKeys(rest, io);
    case 'help': case '--help': case '-h':
      io.stdout(USAGE);
      return 0;
    case undefined:
      io.stderr(USAGE);
      return 1;
    default:
      io.stderr(`Unknown command '${name}'.\n\n${USAGE}`);
      return 1;
  }
}

function plansOf(env: KeysIo['env']): Plans {
  return loadPlans(env.PLANS_FILE ?? DEFAULT_PLANS_FILE);
}

/** The store the keys live in: Upstash Redis when configured, else the keys file. */
function keyAdmin(env: KeysIo['env']): KeyAdmin {
  return keyAdminFromEnv(plansOf(env), env);
}

async function create(args: string[], { env, stdout }: KeysIo): Promise<number> {
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

async function revoke(args: string[], { env, stdout }: KeysIo): Promise<number> {
  const { positionals } = parse('revoke', args, {}, 1);
  const id = positionals[0];
  if (id === undefined) throw new CliError('revoke needs the id of the key, for example: npm run keys -- revoke key_0123456789ab.');
  const revoked = await keyAdmin(env).revoke(id);
  stdout(`Revoked key ${revoked.id} (plan ${revoked.plan}, named "${revoked.name}") at ${revoked.revoked_at}. A running server refuses it within a second.\n`);
  return 0;
}

async function list(args: string[], { env, stdout }: KeysIo): Promise<number> {
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
  const table = [
    ['ID', 'PLAN', 'NAME', 'STATUS', 'CREATED', 'REVOKED', 'HASH'],
    ...rows.map((r) => [r.id, r.plan, oneLine(r.name), r.status, r.created_at, r.revoked_at ?? '-', `${r.hash_prefix}…`]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  for (const row of table) stdout(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()}\n`);
  return 0;
}

/** A new secret for a key: shown once, like a created key. */
async function rotate(args: string[], { env, stdout }: KeysIo): Promise<number> {
  const { values, positionals } = parse('rotate', args, { grace: { type: 'string' } }, 1);
  const id = positionals[0];
  if (id === undefined) throw new CliError('rotate needs the id of the key, for example: npm run keys -- rotate key_0123456789ab --grace 10m.');
  const graceMs = values.grace === undefined ? 0 : duration(values.grace);
  const { key, info } = await keyAdmin(env).rotate(id, graceMs);
  const old = graceMs > 0 ? `The old secret keeps working until ${new Date(Date.now() + graceMs).toISOString()}, then is refused.` : 'The old secret is refused from now on.';
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
async function usage(args: string[], { env, stdout }: KeysIo): Promise<number> {
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
  const table = [['ID', 'PLAN', 'NAME', 'LAST USED', 'TODAY', '30 DAYS'], ...rows.map((r) => [r.id, r.plan, oneLine(r.name), r.last_used_at ?? 'never', String(r.days.at(-1)!.requests), String(total(r.days))])];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  for (const row of table) stdout(`${row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd()}\n`);
  return 0;
}

/** The backup of a store: the keys file's own format, so either store can restore it. */
async function exportKeys(args: string[], { env, stdout }: KeysIo): Promise<number> {
  parse('export', args, {}, 0);
  stdout(`${JSON.stringify({ keys: await keyAdmin(env).exportRecords() }, null, 2)}\n`);
  return 0;
}

async function importKeys(args: string[], { env, stdout }: KeysIo): Promise<number> {
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

/** parseArgs, with its errors turned into one sentence that names the command. */
function parse<O extends NonNullable<ParseArgsConfig['options']>>(command: string, args: string[], options: O, maxPositionals: number) {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    const code = (e as { code?: string }).code;
    const option = /'(-[^' ]+)/.exec((e as Error).message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new CliError(`${command} does not take the option ${option}; run "npm run keys -- help" for usage.`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new CliError(`Option ${option} of ${command} needs a value.`);
    throw new CliError(`${command}: ${(e as Error).message.split('\n')[0]}`);
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new CliError(`${command} got an unexpected argument '${parsed.positionals[maxPositionals]}'; run "npm run keys -- help" for usage.`);
  }
  return parsed;
}

function oneLine(s: string): string {
  return s.replace(/\p{Cc}/gu, ' ');
}

/** True when this file is the program node was asked to run (not a module imported by a test). */
function runAsScript(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (runAsScript()) {
  process.exitCode = await runKeys(process.argv.slice(2), {
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}
