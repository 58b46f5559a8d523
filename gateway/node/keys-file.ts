// The keys file: the embedded key store's data, shared by the server (FileKeyStore) and the
// operator CLI. It holds SHA-256 hashes of keys, never keys: a key is shown once, at creation.
//
//   {"keys": [{"id": "key_0123456789ab", "hash": "<64 hex>", "plan": "free", "name": "CI bot",
//              "status": "active", "created_at": "2025-01-01T00:00:00.000Z", "revoked_at": null}]}
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fieldPath, parseJsonFile, type JsonFile } from '../../snapshot/json-file.ts';
import { generateKey, generateKeyId, hashKey } from '../core/api-keys.ts';
import { KeyRecordsSchema, type KeyRecord } from '../core/key-record.ts';
import { readJsonFile } from './json-file.ts';

export const DEFAULT_KEYS_FILE = '.data/keys.json';

/** The keys file the server and the CLI use: KEYS_FILE, else .data/keys.json in the working directory. */
export function keysFilePath(env: Record<string, string | undefined> = process.env): string {
  return env.KEYS_FILE || DEFAULT_KEYS_FILE;
}

export class KeysFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeysFileError';
  }
}

/** All records in the file; a missing file is an empty list (no keys issued yet). */
export async function readKeysFile(file: string): Promise<KeyRecord[]> {
  return readRecords(file, (e) => {
    if (e.code === 'ENOENT') return [];
    throw new KeysFileError(`keys file ${file} cannot be read: ${e.message}`);
  });
}

/** The records of an export (`keys import <file>`): read as the keys file, but a file that cannot be read, a missing one too, is an error. */
export function readKeysExport(file: string): KeyRecord[] {
  return readRecords(file, (e) => { throw new KeysFileError(`Cannot read ${file}: ${e.message}`); });
}

/** The records in `file`; `unreadable` answers for a file that cannot be read. */
function readRecords(file: string, unreadable: (e: NodeJS.ErrnoException) => KeyRecord[]): KeyRecord[] {
  let read: JsonFile<{ keys: KeyRecord[] }>;
  try {
    read = readJsonFile(file, KeyRecordsSchema);
  } catch (e) {
    return unreadable(e as NodeJS.ErrnoException);
  }
  return recordsIn(read, file);
}

/** Parses and validates the file's text; throws KeysFileError naming the file and every problem. */
export function parseKeysFile(text: string, file: string): KeyRecord[] {
  return recordsIn(parseJsonFile(text, KeyRecordsSchema), file);
}

/** The records of a file read as the keys file; throws KeysFileError naming the file and every problem. */
function recordsIn(read: JsonFile<{ keys: KeyRecord[] }>, file: string): KeyRecord[] {
  if ('invalidJson' in read) throw new KeysFileError(`keys file ${file} is not valid JSON at ${read.invalidJson.message}`);
  if ('issues' in read) {
    const problems = read.issues.map((issue) => `${fieldPath(issue.path) || '(top level)'}: ${issue.message}`);
    throw new KeysFileError(`keys file ${file} is invalid: ${problems.join('; ')}`);
  }
  const records = read.data.keys;
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

/** So the rename itself survives a power cut; some platforms cannot open a directory, which is fine. */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try { await handle.sync(); } finally { await handle.close(); }
  } catch {
    // Best effort only.
  }
}

/** A new active key for `plan`: the key (to show once) and the record to store. */
export async function newKeyRecord(plan: string, name: string): Promise<{ key: string; record: KeyRecord }> {
  const key = generateKey();
  return {
    key,
    record: { id: generateKeyId(), hash: await hashKey(key), plan, name, status: 'active', created_at: new Date().toISOString(), revoked_at: null },
  };
}

function repeated(values: string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const v of values) (seen.has(v) ? twice : seen).add(v);
  return [...twice];
}
