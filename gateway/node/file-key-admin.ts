// KeyAdmin over the keys file: every change is a locked read-change-write of the whole file
// (keys-file-update.ts); a running server sees it within a second (FileKeyStore).
import { generateKeyId } from '../core/api-keys.ts';
import { KeyAdminError, noSuchKey, type KeyAdmin, type KeyInfo } from '../core/key-admin.ts';
import type { KeyRecord } from '../core/key-record.ts';
import { keysFilePath, newKeyRecord, readKeysFile } from './keys-file.ts';
import { updateKeysFile } from './keys-file-update.ts';

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
        if (!found) throw noSuchKey(id, file);
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
        if (!found) throw noSuchKey(id, file);
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

function keyInfo(r: KeyRecord): KeyInfo {
  return { id: r.id, plan: r.plan, name: r.name, status: r.status, created_at: r.created_at, revoked_at: r.revoked_at, hash_prefix: r.hash.slice(0, 8) };
}

function freshId(taken: ReadonlySet<string>): string {
  let id = generateKeyId();
  while (taken.has(id)) id = generateKeyId();
  return id;
}
