// The operator's keys CLI (npm run keys): each command and each mistake through runKeys, in this
// process, with an environment of its own; one run through npm shows that the script itself works.
import { execFile, spawnSync } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runKeys } from '../gateway/cli/keys.ts';
import { generateKey, hashKey, KEY_PATTERN } from '../gateway/core/api-keys.ts';
import { FileKeyStore } from '../gateway/node/file-key-store.ts';
import { newKeyRecord, readKeysFile, writeKeysFile } from '../gateway/node/keys-file.ts';
import { FileUsageStore, usageFilePath } from '../gateway/node/usage-file.ts';
import { removeDir, ROOT, tempDir } from './helpers.ts';

const exec = promisify(execFile);

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await tempDir('keys-cli-test-');
  file = path.join(dir, 'data', 'keys.json');
});
afterEach(async () => { await removeDir(dir); });

interface Run { code: number; stdout: string; stderr: string }

/** One run of the CLI on this test's keys file, with no other settings (so HOST and PORT are the defaults). */
async function keys(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const run = { code: 0, stdout: '', stderr: '' };
  run.code = await runKeys(args, {
    env: { KEYS_FILE: file, ...env },
    stdout: (text) => { run.stdout += text; },
    stderr: (text) => { run.stderr += text; },
  });
  return run;
}

async function createJson(plan = 'free', name = 'CI bot'): Promise<{ id: string; key: string; plan: string; name: string }> {
  const result = await keys(['create', '--plan', plan, '--name', name, '--json']);
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(result.stdout);
}

/** One plain sentence on stderr: no stack trace, no Node error dump. */
function expectPlainError(result: Run, pattern: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('keys CLI', () => {
  it('creates a key, shows it once with a ready-to-paste curl line, and stores only its hash', async () => {
    const result = await keys(['create', '--plan', 'pro', '--name', 'Acme prod']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const key = /sk_[A-Za-z0-9]+/.exec(result.stdout)![0];
    expect(key).toMatch(KEY_PATTERN);
    expect(key).toHaveLength(43);
    expect(result.stdout).toContain(`curl -H "X-API-Key: ${key}" http://127.0.0.1:8787/api/v1/tools`);
    expect(result.stdout).toMatch(/Created key key_[0-9a-f]{12} on plan pro \(600 requests per minute\), named "Acme prod"/);
    expect(result.stdout).toContain('only time it is shown');

    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(key);
    const [record] = await readKeysFile(file);
    expect(record).toMatchObject({ hash: await hashKey(key), plan: 'pro', name: 'Acme prod', status: 'active', revoked_at: null });
    expect(record!.id).toMatch(/^key_[0-9a-f]{12}$/);
    expect(Date.parse(record!.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(file))).toEqual(['keys.json']);
  });

  it('points its curl line at PUBLIC_BASE_URL, else at HOST and PORT, as the server does', async () => {
    const key = (r: Run) => /sk_[A-Za-z0-9]+/.exec(r.stdout)![0];
    const pub = await keys(['create', '--plan', 'free', '--name', 'a'], { PUBLIC_BASE_URL: 'https://api.example.com/' });
    expect(pub.stdout).toContain(`curl -H "X-API-Key: ${key(pub)}" https://api.example.com/api/v1/tools`);
    const port = await keys(['create', '--plan', 'free', '--name', 'b'], { PORT: '9090' });
    expect(port.stdout).toContain(`curl -H "X-API-Key: ${key(port)}" http://127.0.0.1:9090/api/v1/tools`);
  });

  it('prints exactly one JSON object with --json', async () => {
    const result = await keys(['create', '--plan', 'free', '--name', 'bot', '--json']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const created = JSON.parse(result.stdout);
    expect(Object.keys(created)).toEqual(['id', 'key', 'plan', 'name']);
    expect(created).toMatchObject({ plan: 'free', name: 'bot' });
    expect(created.key).toMatch(KEY_PATTERN);
  });

  it('lists keys with a hash prefix, never a key or a full hash', async () => {
    const [a, b] = [await createJson('free', 'first'), await createJson('business', 'second')];
    const records = await readKeysFile(file);
    const [table, json] = await Promise.all([keys(['list']), keys(['list', '--json'])]);
    for (const out of [table.stdout, json.stdout]) {
      for (const r of records) {
        expect(out).toContain(r.id);
        expect(out).not.toContain(r.hash);
        expect(out).toContain(r.hash.slice(0, 8));
        expect(out).not.toContain(r.hash.slice(0, 9));
      }
      expect(out).not.toContain(a.key);
      expect(out).not.toContain(b.key);
      expect(out).not.toContain('sk_');
    }
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+PLAN\s+NAME\s+STATUS\s+CREATED\s+REVOKED\s+HASH$/);
    expect(table.stdout).toContain(`${records[0]!.hash.slice(0, 8)}…`);
    const listed = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(listed).toHaveLength(2);
    expect(listed[1]).toEqual({
      id: b.id, plan: 'business', name: 'second', status: 'active', created_at: records[1]!.created_at, revoked_at: null,
      hash_prefix: records[1]!.hash.slice(0, 8),
    });
  });

  it('keeps every key when several runs create keys at the same time', async () => {
    const created = await Promise.all(Array.from({ length: 4 }, (_, i) => createJson('free', `parallel ${i}`)));
    const stored = await readKeysFile(file);
    expect(stored.map((r) => r.id).sort()).toEqual(created.map((c) => c.id).sort());
    expect(await readdir(path.dirname(file))).toEqual(['keys.json']);
  });

  it('takes over at once a lock left by a run that was killed', async () => {
    await createJson();
    const dead = spawnSync('true').pid!; // a PID that has exited
    await writeFile(`${file}.lock`, `${dead}\n`);
    const started = Date.now();
    await createJson();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await readKeysFile(file)).toHaveLength(2);
  });

  it('waits for a lock whose owner is running, then says which PID holds it', async () => {
    await createJson();
    await writeFile(`${file}.lock`, `${process.pid}\n`);
    // The clock the wait is measured on, moved by hand: the CLI gives up after 5 s, and takes a lock
    // over as stale after 30 s.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let settled = false;
      const blocked = keys(['create', '--plan', 'free', '--name', 'blocked']).finally(() => { settled = true; });
      await new Promise((r) => setTimeout(r, 200));
      expect(settled).toBe(false);
      vi.setSystemTime(Date.now() + 10_000);
      const result = await blocked;
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`locked by another run of the keys command (PID ${process.pid})`);
    } finally {
      vi.useRealTimers();
    }
    expect(await readKeysFile(file)).toHaveLength(1);
  });

  it('says so when there are no keys yet', async () => {
    const [table, json] = await Promise.all([keys(['list']), keys(['list', '--json'])]);
    expect(table.stdout).toMatch(/^No keys in .* yet/);
    expect(JSON.parse(json.stdout)).toEqual([]);
  });

  it('revokes a key once, and refuses to revoke it again, saying when it was revoked', async () => {
    const { id } = await createJson();
    const first = await keys(['revoke', id]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Revoked key ${id}`);
    const [record] = await readKeysFile(file);
    expect(record).toMatchObject({ status: 'revoked' });
    expect(record!.revoked_at).not.toBeNull();

    expectPlainError(await keys(['revoke', id]), new RegExp(`^Key ${id} was already revoked at ${record!.revoked_at!.replace(/\./g, '\\.')}`));
    expect(await readKeysFile(file)).toEqual([record]);
  });

  it('exports every stored record (hashes, never keys) and imports them into an empty store, keeping what is already there', async () => {
    const first = await createJson('free', 'one');
    const second = await createJson('pro', 'two');
    await keys(['revoke', second.id]);
    const exported = await keys(['export']);
    expect(exported.code).toBe(0);
    expect(exported.stdout).not.toContain(first.key);
    const backup = path.join(dir, 'backup.json');
    await writeFile(backup, exported.stdout);
    const restored = path.join(dir, 'restored.json');
    const into = await keys(['import', backup], { KEYS_FILE: restored });
    expect(into).toMatchObject({ code: 0, stderr: '' });
    expect(into.stdout).toMatch(/^Imported 2 keys into .*restored\.json\./);
    expect(await readKeysFile(restored)).toEqual(await readKeysFile(file));
    expect((await keys(['import', backup], { KEYS_FILE: restored })).stdout).toMatch(/Imported 0 keys .* \(2 were already there\)/);
    await writeFile(backup, exported.stdout.replace('"plan": "pro"', '"plan": "gold"'));
    expectPlainError(await keys(['import', backup], { KEYS_FILE: path.join(dir, 'other.json') }), /plans that are not in the plans file: gold; add them to it first\. Nothing was imported\./);
    expectPlainError(await keys(['import']), /import needs the file an export wrote/);
  });

  it('shows each key\'s last use and requests over 30 days, and one key\'s days, from what the server recorded', async () => {
    const used = await createJson('free', 'busy');
    const idle = await createJson('pro', 'idle');
    const writer = await FileUsageStore.writer(usageFilePath(file));
    const now = Date.now();
    writer.record(used.id, now, 7, 2);
    await writer.close();
    const table = await keys(['usage']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+PLAN\s+NAME\s+LAST USED\s+TODAY\s+30 DAYS$/);
    expect(table.stdout).toMatch(new RegExp(`${used.id}\\s+free\\s+busy\\s+${new Date(now).toISOString().replace(/\./g, '\\.')}\\s+7\\s+7`));
    expect(table.stdout).toMatch(new RegExp(`${idle.id}\\s+pro\\s+idle\\s+never\\s+0\\s+0`));
    const one = await keys(['usage', used.id]);
    expect(one.stdout).toContain(`${used.id} (free, "busy"): last used ${new Date(now).toISOString()}; 7 requests in 30 days.`);
    expect(one.stdout).toMatch(/\d{4}-\d{2}-\d{2}\s+7 requests\s+2 limited/);
    expectPlainError(await keys(['usage', 'key_000000000000']), /No key with id 'key_000000000000'/);
  });

  it('rotates a key: a new secret for the same id, plan and name, the old one refused at once or after --grace', async () => {
    const { id, key: first } = await createJson('pro', 'rotating');
    const now = () => clock;
    let clock = Date.now();
    const rotated = await keys(['rotate', id, '--grace', '10m']);
    expect(rotated).toMatchObject({ code: 0, stderr: '' });
    const second = /sk_[A-Za-z0-9]+/.exec(rotated.stdout)![0];
    expect(rotated.stdout).toMatch(/The old secret keeps working until \d{4}-\d{2}-\d{2}T/);
    const store = await FileKeyStore.open(file, { watch: false, now });
    try {
      expect(await store.lookup(await hashKey(second))).toEqual({ status: 'active', id, plan: 'pro' });
      expect(await store.lookup(await hashKey(first))).toEqual({ status: 'active', id, plan: 'pro' });
      clock += 11 * 60_000;
      expect(await store.lookup(await hashKey(first))).toEqual({ status: 'revoked', id });
    } finally {
      await store.close();
    }
    const third = /sk_[A-Za-z0-9]+/.exec((await keys(['rotate', id])).stdout)![0];
    const again = await FileKeyStore.open(file, { watch: false });
    try {
      expect(await again.lookup(await hashKey(third))).toMatchObject({ status: 'active' });
      expect(await again.lookup(await hashKey(second))).toEqual({ status: 'unknown' });
    } finally {
      await again.close();
    }
    expect((await readKeysFile(file)).filter((r) => r.id === id)).toHaveLength(1);
    expectPlainError(await keys(['rotate', id, '--grace', '5 minutes']), /--grace takes a duration such as 30s, 10m or 2h/);
    await keys(['revoke', id]);
    expectPlainError(await keys(['rotate', id]), /was revoked at .*; issue a new key instead/);
  });

  it('lists a rotated key\'s grace period, until when the previous key stays valid, and nothing once the key is revoked or the grace has ended', async () => {
    const { id } = await createJson('pro', 'rotating');
    const other = await createJson('free', 'steady');
    const rotated = await keys(['rotate', id, '--grace', '10m']);
    const until = /keeps working until (\S+), then/.exec(rotated.stdout)![1]!;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await keys(['list'])).stdout).toContain(`${id}: previous key valid until ${until}`);
    const listed = JSON.parse((await keys(['list', '--json'])).stdout) as Record<string, unknown>[];
    expect(listed.find((k) => k.id === id)).toMatchObject({ previous_until: until });
    expect(listed.find((k) => k.id === other.id)).not.toHaveProperty('previous_until');

    const records = await readKeysFile(file);
    await writeKeysFile(file, records.map((r) => (r.id === id ? { ...r, previous: { ...r.previous!, until: new Date(Date.now() - 1000).toISOString() } } : r)));
    expect((await keys(['list'])).stdout).not.toContain('previous key');
    await writeKeysFile(file, records);
    await keys(['revoke', id]);
    expect((await keys(['list'])).stdout).not.toContain('previous key');
  });

  it('refuses an unknown id', async () => {
    await createJson();
    expectPlainError(await keys(['revoke', 'key_000000000000']), /^No key with id 'key_000000000000' in .*keys\.json/);
  });

  it('refuses an unknown plan, listing the plans, and writes nothing', async () => {
    expectPlainError(await keys(['create', '--plan', 'gold', '--name', 'x']), /^Unknown plan 'gold'; the plans are free, pro, business\./);
    expect(await readKeysFile(file)).toEqual([]);
  });

  it('takes its plans from PLANS_FILE, and reports a bad plans file plainly', async () => {
    const plans = path.join(dir, 'plans.json');
    await writeFile(plans, '{"team": {"per_minute": 5}}');
    const created = await keys(['create', '--plan', 'team', '--name', 'x'], { PLANS_FILE: plans });
    expect(created.stdout).toContain('on plan team (5 requests per minute)');
    await writeFile(plans, '{"team": {"per_minute": -5}}');
    expectPlainError(await keys(['create', '--plan', 'team', '--name', 'x'], { PLANS_FILE: plans }), /^plans file .*plans\.json: team\.per_minute: must be a positive integer\n$/);
  });

  it('explains missing options and stray arguments in one sentence', async () => {
    const [noPlan, noName, bogus, noId] = await Promise.all([
      keys(['create', '--name', 'x']),
      keys(['create', '--plan', 'free']),
      keys(['create', '--plan', 'free', '--name', 'x', '--bogus']),
      keys(['revoke']),
    ]);
    expectPlainError(noPlan, /^create needs --plan <plan>/);
    expectPlainError(noName, /^create needs --name <label>/);
    expectPlainError(bogus, /^create does not take the option --bogus/);
    expectPlainError(noId, /^revoke needs the id of the key/);
  });

  it('prints usage for help (exit 0) and for an unknown or missing command (exit 1)', async () => {
    const [help, unknown, none] = await Promise.all([keys(['help']), keys(['renew']), keys([])]);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: npm run keys -- <command>/);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^Unknown command 'renew'\.\n\nUsage:/);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^Usage:/);
  });
});

describe('npm run keys', () => {
  it('runs the CLI as a script: creates a key and lists it, and exits 1 with one sentence on stderr for a mistake', async () => {
    const npm = (...args: string[]) => exec('npm', ['run', '--silent', 'keys', '--', ...args], { cwd: ROOT, env: { ...process.env, KEYS_FILE: file } });
    const created = JSON.parse((await npm('create', '--plan', 'free', '--name', 'smoke', '--json')).stdout);
    expect(created.key).toMatch(KEY_PATTERN);
    const [listed, refused] = await Promise.all([
      npm('list', '--json'),
      npm('revoke', 'key_000000000000').then(() => ({ code: 0, stderr: '' }), (e: { code: number; stderr: string }) => e),
    ]);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id: created.id, plan: 'free', name: 'smoke', status: 'active' }]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^No key with id 'key_000000000000' in .*keys\.json[^\n]*\n$/);
  });
});

describe('keys file', () => {
  it('generates keys of sk_ and 40 characters of [A-Za-z0-9], all different, using the whole alphabet', () => {
    const made = Array.from({ length: 2000 }, () => generateKey());
    for (const key of made) expect(key).toMatch(/^sk_[A-Za-z0-9]{40}$/);
    expect(new Set(made).size).toBe(made.length);
    const used = new Set(made.flatMap((k) => [...k.slice(3)]));
    expect(used.size).toBe(62);
  });

  it('stores the hash the gateway looks up', async () => {
    const { key, record } = await newKeyRecord('free', 'test');
    expect(record.hash).toBe(await hashKey(key));
  });

  it('writes atomically, leaving no temporary files, and reads a missing file as empty', async () => {
    expect(await readKeysFile(file)).toEqual([]);
    await writeKeysFile(file, []);
    await writeKeysFile(file, []);
    expect(await readdir(path.dirname(file))).toEqual(['keys.json']);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ keys: [] });
  });

  it('rejects a file with a bad record, naming the field', async () => {
    await writeKeysFile(file, []);
    await writeFile(file, JSON.stringify({ keys: [{ id: 'key_0123456789ab', hash: 'abc', plan: 'free', name: 'x', status: 'active', created_at: 'yesterday', revoked_at: null }] }));
    await expect(readKeysFile(file)).rejects.toThrow(/keys\[0\]\.hash: must be the lowercase hex SHA-256.*keys\[0\]\.created_at: must be an ISO 8601 timestamp/);
  });
});
