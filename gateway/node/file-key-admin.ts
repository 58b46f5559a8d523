// KeyAdmin over the keys file: every change is a locked read-change-write of the whole file
// (keys-file-update.ts); a running server sees it within a second (FileKeyStore).
import { generateKeyId } from '../core/api-keys.ts';
import { KeyAdminError, keyInfo, noSuchKey, type KeyAdmin, type KeyInfo } from '../core/key-admin.ts';
import type { KeyRecord } from '../core/key-record.ts';
import { keysFilePath, newKeyRecord, readKeysFile } from './keys-file.ts';
import { updateKeysFile } from './keys-file-update.ts';

export function fileKeyAdmin(file: string = keysFilePath()): KeyAdmin {
  return new FileKeyAdmin(file);
}

class FileKeyAdmin implements KeyAdmin {
  constructor(readonly location: string) {}

  async create(plan: string, name: string): Promise<{ key: string; info: KeyInfo }> {
    const created = await newKeyRecord(plan, name);
    const record = await updateKeysFile(this.location, (records) => {
      const taken = new Set(records.map((r) => r.id));
      const unique = taken.has(created.record.id) ? { ...created.record, id: freshId(taken) } : created.record;
      return { records: [...records, unique], result: unique };
    });
    return { key: created.key, info: keyInfo(record) };
  }

  async revoke(id: string): Promise<KeyInfo> {
    return keyInfo(await this.change(id, (found) => {
      if (found.status === 'revoked') throw new KeyAdminError(`Key ${id} was already revoked at ${found.revoked_at}; nothing changed.`);
      return { ...found, status: 'revoked', revoked_at: new Date().toISOString() };
    }));
  }

  async list(): Promise<KeyInfo[]> {
    return (await readKeysFile(this.location)).map(keyInfo);
  }

  async rotate(id: string, graceMs: number): Promise<{ key: string; info: KeyInfo }> {
    const { key, record } = await newKeyRecord('-', '-');
    const rotated = await this.change(id, (found) => {
      if (found.status === 'revoked') throw new KeyAdminError(`Key ${id} was revoked at ${found.revoked_at}; issue a new key instead.`);
      const previous = graceMs > 0 ? { hash: found.hash, until: new Date(Date.now() + graceMs).toISOString() } : null;
      return { ...found, hash: record.hash, previous };
    });
    return { key, info: keyInfo(rotated) };
  }

  exportRecords(): Promise<KeyRecord[]> {
    return readKeysFile(this.location);
  }

  importRecords(incoming: readonly KeyRecord[]): Promise<{ added: number; present: number }> {
    return updateKeysFile(this.location, (records) => {
      const ids = new Set(records.map((r) => r.id));
      const hashes = new Set(records.map((r) => r.hash));
      const added = incoming.filter((r) => !ids.has(r.id) && !hashes.has(r.hash));
      return { records: [...records, ...added], result: { added: added.length, present: incoming.length - added.length } };
    });
  }

  /** Replaces the record of key `id` by what `update` makes of it (which may throw to change nothing). */
  private change(id: string, update: (found: KeyRecord) => KeyRecord): Promise<KeyRecord> {
    return updateKeysFile(this.location, (records) => {
      const found = records.find((r) => r.id === id);
      if (!found) throw noSuchKey(id, this.location);
      const updated = update(found);
      return { records: records.map((r) => (r === found ? updated : r)), result: updated };
    });
  }
}

function freshId(taken: ReadonlySet<string>): string {
  let id = generateKeyId();
  while (taken.has(id)) id = generateKeyId();
  return id;
}
