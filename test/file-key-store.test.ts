import { execFile } from 'node:child_process';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileKeyStore, type FileKeyStoreOptions } from '../gateway/node/file-key-store.ts';
import { hashKey } from '../gateway/core/api-keys.ts';
import { KeyStoreUnavailableError, type KeyLookup } from '../gateway/core/key-store.ts';
import type { KeyRecord } from '../gateway/core/key-record.ts';
import { KeysFileError, newKeyRecord, writeKeysFile } from '../gateway/node/keys-file.ts';
import { removeDir, tempDir } from './helpers.ts';
import { keysCommand } from './keys-command.ts';

const run = promisify(execFile);

let dir: string;
let file: string;
let store: FileKeyStore | undefined;
let logged: string[];

beforeEach(async () => {
  dir = await tempDir('key-store-test-');
  file = path.join(dir, 'data', 'keys.json');
  logged = [];
});
afterEach(async () => {
  await store?.close();
  store = undefined;
  await removeDir(dir);
});

async function openStore(options: FileKeyStoreOptions = {}): Promise<FileKeyStore> {
  store = await FileKeyStore.open(file, { log: (line) => logged.push(line), ...options });
  return store;
}

/** Checks every 50 ms, for up to `ms`, until `done` holds; returns how long it took. */
async function within(ms: number, done: () => Promise<boolean> | boolean): Promise<number> {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

async function statusOf(key: string): Promise<KeyLookup['status']> {
  return (await store!.lookup(await hashKey(key))).status;
}

function oneKey(plan = 'free'): Promise<{ key: string; record: KeyRecord }> {
  return newKeyRecord(plan, 'test');
}

describe('file key store', () => {
  it('treats a missing file as no keys, not an outage', async () => {
    await openStore();
    expect(await store!.lookup('0'.repeat(64))).toEqual({ status: 'unknown' });
  });

  it('answers active, revoked and unknown from the file', async () => {
    const active = await oneKey('pro');
    const revoked = await oneKey();
    revoked.record = { ...revoked.record, status: 'revoked', revoked_at: new Date().toISOString() };
    await writeKeysFile(file, [active.record, revoked.record]);
    await openStore();
    expect(await store!.lookup(await hashKey(active.key))).toEqual({ status: 'active', id: active.record.id, plan: 'pro' });
    expect(await store!.lookup(await hashKey(revoked.key))).toEqual({ status: 'revoked', id: revoked.record.id });
    expect(await store!.lookup(await hashKey('sk_' + 'a'.repeat(40)))).toEqual({ status: 'unknown' });
  });

  it('refuses to open on an invalid file, naming it', async () => {
    await writeKeysFile(file, []);
    await writeFile(file, '{"keys": [{"id": "nope"}]}');
    await expect(FileKeyStore.open(file)).rejects.toThrow(KeysFileError);
    await expect(FileKeyStore.open(file)).rejects.toThrow(`keys file ${file} is invalid: keys[0].id:`);
  });

  it('sees a key created and then revoked by the CLI within 1 s, without a restart', async () => {
    await openStore();
    const { id, key } = JSON.parse(await keysCommand({ KEYS_FILE: file }, 'create', '--plan', 'free', '--name', 'live', '--json')) as { id: string; key: string };
    await within(1000, async () => (await statusOf(key)) === 'active');
    expect(await store!.lookup(await hashKey(key))).toEqual({ status: 'active', id, plan: 'free' });
    await keysCommand({ KEYS_FILE: file }, 'revoke', id);
    await within(1000, async () => (await statusOf(key)) === 'revoked');
  });

  it('notices changes by polling alone when fs.watch reports nothing', async () => {
    await writeKeysFile(file, []);
    await openStore({ watch: false });
    const created = await oneKey();
    await writeKeysFile(file, [created.record]);
    await within(1000, async () => (await statusOf(created.key)) === 'active');
  });

  it('answers from the last good copy when the file is deleted under a running server, then fails after the grace period', async () => {
    const clock = { t: 1_000_000 };
    const created = await oneKey();
    await writeKeysFile(file, [created.record]);
    await openStore({ pollMs: 20, now: () => clock.t });
    await rm(file);
    await within(1000, () => logged.length > 0);
    expect(logged[0]).toContain('was deleted');
    expect(await statusOf(created.key)).toBe('active');
    clock.t += 30_000;
    await expect(store!.lookup(await hashKey(created.key))).rejects.toBeInstanceOf(KeyStoreUnavailableError);
    await writeKeysFile(file, [created.record]);
    await within(1000, async () => (await store!.lookup(await hashKey(created.key)).then(() => true, () => false)));
  });

  it('never hangs on a FIFO in place of the file, and reads the real file again when it is back', async () => {
    const created = await oneKey();
    await writeKeysFile(file, [created.record]);
    await openStore({ pollMs: 20 });
    await run('mkfifo', [`${file}.fifo`]);
    await rename(`${file}.fifo`, file);
    await within(1500, () => logged.some((l) => l.includes('not a regular file')));
    expect(await statusOf(created.key)).toBe('active');
    const later = await oneKey();
    await rm(file);
    await writeKeysFile(file, [created.record, later.record]);
    await within(1500, async () => (await statusOf(later.key)) === 'active');
    const closing = Date.now();
    await store!.close();
    expect(Date.now() - closing).toBeLessThan(1_000);
  });

  it('keeps answering from the last good copy when the file turns corrupt, and logs one line', async () => {
    const created = await oneKey();
    await writeKeysFile(file, [created.record]);
    await openStore({ pollMs: 20 });
    await writeFile(file, '{"keys": [');
    await within(1000, () => logged.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`keys file ${file} is not valid JSON`);
    expect(await statusOf(created.key)).toBe('active');

    const later = await oneKey();
    await writeKeysFile(file, [created.record, later.record]);
    await within(1000, async () => (await statusOf(later.key)) === 'active');
    expect(logged[1]).toContain('reads well again');
  });

  it('fails lookups with KeyStoreUnavailableError once the file has been bad for the grace period, until it reads well', async () => {
    const clock = { t: 1_000_000 };
    const created = await oneKey();
    await writeKeysFile(file, [created.record]);
    await openStore({ graceMs: 30_000, now: () => clock.t });
    const hash = await hashKey(created.key);
    await writeFile(file, 'not json');
    await within(1000, () => logged.length > 0);
    clock.t += 29_999;
    expect(await store!.lookup(hash)).toMatchObject({ status: 'active' });
    clock.t += 1;
    await expect(store!.lookup(hash)).rejects.toBeInstanceOf(KeyStoreUnavailableError);

    await writeKeysFile(file, [created.record]);
    await within(1000, async () => (await store!.lookup(hash).then(() => true, () => false)));
    expect(await store!.lookup(hash)).toMatchObject({ status: 'active' });
  });
});
