// The keys file: the embedded key store's data, shared by the server (FileKeyStore) and the
// operator CLI. It holds SHA-256 hashes of keys, never keys: a key is shown once, at creation.
//
//   {"keys": [{"id": "key_0123456789ab", "hash": "<64 hex>", "plan": "free", "name": "CI bot",
//              "status": "active", "created_at": "2025-01-01T00:00:00.000Z", "revoked_at": null}]}
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { explainJsonError } from '../../snapshot/json-error.ts';
import { KeyAdminError, type KeyAdmin, type KeyInfo, type KeyRecord as KeyRecordShape } from '../core/key-admin.ts';
import { generateKey, generateKeyId, hashKey, KEY_ID_PATTERN } from '../core/api-keys.ts';

export const DEFAULT_KEYS_FILE = '.data/keys.json';

/** The keys file the server and the CLI use: KEYS_FILE, else .data/keys.json in the working directory. */
export function keysFilePath(env: Record<string, string | undefined> = process.env): string {
  return env.KEYS_FILE || DEFAULT_KEYS_FILE;
}

const isoTimestamp = z.iso.datetime({ error: 'must be an ISO 8601 timestamp like "2025-01-01T00:00:00.000Z"' });

const KeyRecordSchema = z.object({
  id: z.string().regex(KEY_ID_PATTERN, { error: 'must be "key_" followed by 12 lowercase hex characters' }),
  hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'must be the lowercase hex SHA-256 of the key (64 characters)' }),
  plan: z.string().min(1, { error: 'must name a plan' }),
  name: z.string({ error: 'must be a string' }),
  status: z.enum(['active', 'revoked'], { error: 'must be "active" or "revoked"' }),
  created_at: isoTimestamp,
  revoked_at: isoTimestamp.nullable(),
  previous: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), until: isoTimestamp }).nullable().optional(),
}, { error: 'must be a key record object' }).refine((r) => (r.status === 'revoked') === (r.revoked_at !== null), {
  error: 'revoked_at must be a timestamp when status is "revoked", and null when "active"',
  path: ['revoked_at'],
});

const KeysFileSchema = z.object({ keys: z.array(KeyRecordSchema, { error: 'must be an array of key records' }) }, {
  error: 'must be an object like {"keys": [...]}',
});

export type KeyRecord = z.infer<typeof KeyRecordSchema> & KeyRecordShape;

export class KeysFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeysFileError';
  }
}

/** All records in the file; a missing file is an empty list (no keys issued yet). */
export async function readKeysFile(file: string): Promise<KeyRecord[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new KeysFileError(`keys file ${file} cannot be read: ${(e as Error).message}`);
  }
  return parseKeysFile(text, file);
}

/** Parses and validates the file's text; throws KeysFileError naming the file and every problem. */
export function parseKeysFile(text: string, file: string): KeyRecord[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeysFileError(`keys file ${file} is not valid JSON at ${explainJsonError(text).message}`);
  }
  const result = KeysFileSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${fieldPath(issue.path)}: ${issue.message}`);
    throw new KeysFileError(`keys file ${file} is invalid: ${problems.join('; ')}`);
  }
  const records = result.data.keys;
  const duplicates = [...repeated(records.map((r) => r.id)), ...repeated(records.map((r) => r.hash))];
  if (duplicates.length > 0) throw new KeysFileError(`keys file ${file} is invalid: ${duplicates.map((d) => `${d} appears twice`).join('; ')}`);
  return records;
}

/**
 * Replaces the file atomically: a reader (the running server) sees the old file or the new one,
 * never half of one, and a crash mid-write leaves the old file intact. Mode 0600: hashes of keys
 * are not secrets an attacker can use directly, but nobody else needs to read them.
 */
export async function writeKeysFile(file: string, records: readonly KeyRecord[]): Promise<void> {
  const dir = path.dirname(path.resolve(file));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify({ keys: records }, null, 2)}\n`);
    await handle.sync();
    await handle.close();
    await rename(temp, file);
  } catch (e) {
    await handle.close().catch(() => {});
    await rm(temp, { force: true });
    throw e;
  }
  await syncDir(dir);
}

/**
 * Read, change and write the file under a lock, so two runs of the CLI at once cannot lose each
 * other's keys (a lost record would be a key shown to someone that never works). `change` may
 * throw to abort without writing; its error passes through.
 */
export async function updateKeysFile<T>(
  file: string,
  change: (records: KeyRecord[]) => { records: KeyRecord[]; result: T },
): Promise<T> {
  const release = await lock(file);
  try {
    const { records, result } = change(await readKeysFile(file));
    await writeKeysFile(file, records);
    return result;
  } finally {
    await release();
  }
}

const LOCK_WAIT_MS = 5_000;
/** A lock older than this was left by a run that died: no update takes anywhere near as long. */
const LOCK_STALE_MS = 30_000;

/**
 * The lock file holds its owner's PID. A lock whose owner is no longer running (a run killed
 * mid-update) is taken over at once; a lock whose owner cannot be told is stale after 30 s.
 */
async function lock(file: string): Promise<() => Promise<void>> {
  const lockFile = `${file}.lock`;
  await mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + LOCK_WAIT_MS;
  while (true) {
    try {
      const handle = await open(lockFile, 'wx', 0o600);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (await abandoned(lockFile)) {
      await rm(lockFile, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      const owner = await readFile(lockFile, 'utf8').then((t) => t.trim(), () => '?');
      throw new KeysFileError(`keys file ${file} is locked by another run of the keys command (PID ${owner}); if none is running, delete ${lockFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function abandoned(lockFile: string): Promise<boolean> {
  let text: string;
  let age: number;
  try {
    [text, age] = await Promise.all([readFile(lockFile, 'utf8'), stat(lockFile).then((s) => Date.now() - s.mtimeMs)]);
  } catch {
    return false; // released meanwhile: the next attempt takes it
  }
  const pid = Number(text.trim());
  if (Number.isInteger(pid) && pid > 0) return !running(pid) || age > LOCK_STALE_MS;
  // No PID yet: its owner is between creating and writing it, or died there.
  return age > 1_000;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** So the rename itself survives a power cut; some platforms cannot open a directory, which is fine. */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try { await handle.sync(); } finally { await handle.close(); }
  } catch {
    // Best effort only.
  }
}

/**
 * A new active key for `plan`: returns the key (to show once) and the record to store. The id
 * is regenerated in the unlikely case it collides with one of `takenIds`.
 */
export async function newKeyRecord(
  plan: string,
  name: string,
  takenIds: ReadonlySet<string> = new Set(),
  now: Date = new Date(),
): Promise<{ key: string; record: KeyRecord }> {
  let id = generateKeyId();
  while (takenIds.has(id)) id = generateKeyId();
  const key = generateKey();
  return {
    key,
    record: { id, hash: await hashKey(key), plan, name, status: 'active', created_at: now.toISOString(), revoked_at: null },
  };
}

export function keyInfo(r: KeyRecord): KeyInfo {
  return { id: r.id, plan: r.plan, name: r.name, status: r.status, created_at: r.created_at, revoked_at: r.revoked_at, hash_prefix: r.hash.slice(0, 8) };
}

/** KeyAdmin over the keys file: every change is a locked read-change-write of the whole file. */
export function fileKeyAdmin(file: string = keysFilePath()): KeyAdmin {
  return {
    location: file,
    async create(plan, name) {
      const created = await newKeyRecord(plan, name);
      const record = await updateKeysFile(file, (records) => {
        const taken = new Set(records.map((r) => r.id));
        const unique = taken.has(created.record.id) ? { ...created.record, id: freshId(taken) } : created.record;
        return { records: [...records, unique], result: unique };
      });
      return { key: created.key, info: keyInfo(record) };
    },
    async revoke(id) {
      const revoked = await updateKeysFile(file, (records) => {
        const found = records.find((r) => r.id === id);
        if (!found) throw new KeyAdminError(`No key with id '${id}' in ${file}; run "npm run keys -- list" to see the ids.`);
        if (found.status === 'revoked') throw new KeyAdminError(`Key ${id} was already revoked at ${found.revoked_at}; nothing changed.`);
        const updated: KeyRecord = { ...found, status: 'revoked', revoked_at: new Date().toISOString() };
        return { records: records.map((r) => (r === found ? updated : r)), result: updated };
      });
      return keyInfo(revoked);
    },
    async list() {
      return (await readKeysFile(file)).map(keyInfo);
    },
    async rotate(id, graceMs) {
      const { key, record } = await newKeyRecord('-', '-');
      const rotated = await updateKeysFile(file, (records) => {
        const found = records.find((r) => r.id === id);
        if (!found) throw new KeyAdminError(`No key with id '${id}' in ${file}; run "npm run keys -- list" to see the ids.`);
        if (found.status === 'revoked') throw new KeyAdminError(`Key ${id} was revoked at ${found.revoked_at}; issue a new key instead.`);
        const previous = graceMs > 0 ? { hash: found.hash, until: new Date(Date.now() + graceMs).toISOString() } : null;
        const updated: KeyRecord = { ...found, hash: record.hash, previous };
        return { records: records.map((r) => (r === found ? updated : r)), result: updated };
      });
      return { key, info: keyInfo(rotated) };
    },
    exportRecords: () => readKeysFile(file),
    importRecords: (incoming) => updateKeysFile(file, (records) => {
      const ids = new Set(records.map((r) => r.id));
      const hashes = new Set(records.map((r) => r.hash));
      const added = incoming.filter((r) => !ids.has(r.id) && !hashes.has(r.hash));
      return { records: [...records, ...added], result: { added: added.length, present: incoming.length - added.length } };
    }),
  };
}

function freshId(taken: ReadonlySet<string>): string {
  let id = generateKeyId();
  while (taken.has(id)) id = generateKeyId();
  return id;
}

function fieldPath(parts: readonly PropertyKey[]): string {
  let out = '';
  for (const p of parts) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out || '(top level)';
}

function repeated(values: string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const v of values) (seen.has(v) ? twice : seen).add(v);
  return [...twice];
}
