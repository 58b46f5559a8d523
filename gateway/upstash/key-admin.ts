// KeyAdmin over Upstash Redis: how the keys CLI issues, revokes, rotates, exports and imports keys
// in the layout keys.ts reads.
import type { Redis } from '@upstash/redis';
import { generateKey, generateKeyId, hashKey } from '../core/api-keys.ts';
import { KeyAdminError, noSuchKey, type KeyAdmin, type KeyInfo } from '../core/key-admin.ts';
import type { KeyRecord } from '../core/key-record.ts';
import { IDS, KEY, KEY_SET_MARKER, type KeyHash } from './keys.ts';

/** Every key's record with its hash, oldest first. */
async function records(redis: Redis): Promise<{ hash: string; record: KeyHash }[]> {
  const ids = (await redis.hgetall<Record<string, string>>(IDS)) ?? {};
  const rows = await Promise.all(Object.values(ids).map(async (hash) => ({ hash: String(hash), record: await redis.hgetall<KeyHash>(KEY(String(hash))) })));
  return rows.filter((r): r is { hash: string; record: KeyHash } => r.record !== null)
    .sort((a, b) => String(a.record.created_at).localeCompare(String(b.record.created_at)) || String(a.record.id).localeCompare(String(b.record.id)));
}

/** The client parses values that look like JSON (a name "2024" comes back a number): read them as text. */
function info(hash: string, h: KeyHash): KeyInfo {
  return {
    id: String(h.id), plan: String(h.plan), name: String(h.name), status: h.status, created_at: String(h.created_at),
    revoked_at: h.revoked_at ? String(h.revoked_at) : null, hash_prefix: hash.slice(0, 8),
  };
}

export function upstashKeyAdmin(redis: Redis, location: string): KeyAdmin {
  return new UpstashKeyAdmin(redis, location);
}

class UpstashKeyAdmin implements KeyAdmin {
  constructor(private readonly redis: Redis, readonly location: string) {}

  async create(plan: string, name: string): Promise<{ key: string; info: KeyInfo }> {
    const key = generateKey();
    const hash = await hashKey(key);
    let id = generateKeyId();
    // HSETNX claims the id atomically; a collision (1 in 2^48) draws another.
    while ((await this.redis.hsetnx(IDS, id, hash)) === 0) id = generateKeyId();
    const record: KeyHash = { id, plan, name, status: 'active', created_at: new Date().toISOString(), revoked_at: '' };
    await this.redis.hset(KEY(hash), record);
    await this.redis.set(KEY_SET_MARKER, record.created_at);
    return { key, info: info(hash, record) };
  }

  async revoke(id: string): Promise<KeyInfo> {
    const { hash, record } = await this.stored(id);
    if (record.status === 'revoked') throw new KeyAdminError(`Key ${id} was already revoked at ${record.revoked_at}; nothing changed.`);
    const revoked: KeyHash = { ...record, status: 'revoked', revoked_at: new Date().toISOString() };
    await this.redis.hset(KEY(hash), { status: revoked.status, revoked_at: revoked.revoked_at });
    await this.redis.set(KEY_SET_MARKER, revoked.revoked_at);
    return info(hash, revoked);
  }

  async list(): Promise<KeyInfo[]> {
    return (await records(this.redis)).map(({ hash, record }) => info(hash, record));
  }

  async rotate(id: string, graceMs: number): Promise<{ key: string; info: KeyInfo }> {
    const { hash, record } = await this.stored(id);
    if (record.status === 'revoked') throw new KeyAdminError(`Key ${id} was revoked at ${record.revoked_at}; issue a new key instead.`);
    const key = generateKey();
    const newHash = await hashKey(key);
    const now = new Date();
    const { until: _old, ...current } = record;
    await this.redis.hset(KEY(newHash), current);
    await this.redis.hset(IDS, { [id]: newHash });
    // The old secret: refused at once, or kept working until the grace period ends.
    if (graceMs > 0) await this.redis.hset(KEY(hash), { until: new Date(now.getTime() + graceMs).toISOString() });
    else await this.redis.hset(KEY(hash), { status: 'revoked', revoked_at: now.toISOString() });
    await this.redis.set(KEY_SET_MARKER, now.toISOString());
    return { key, info: info(newHash, current as KeyHash) };
  }

  async exportRecords(): Promise<KeyRecord[]> {
    return (await records(this.redis)).map(({ hash, record }): KeyRecord => {
      const { hash_prefix: _prefix, ...rest } = info(hash, record);
      return { ...rest, hash };
    });
  }

  async importRecords(incoming: readonly KeyRecord[]): Promise<{ added: number; present: number }> {
    let added = 0;
    for (const r of incoming) {
      if ((await this.redis.exists(KEY(r.hash))) === 1 || (await this.redis.hsetnx(IDS, r.id, r.hash)) === 0) continue;
      await this.redis.hset(KEY(r.hash), { id: r.id, plan: r.plan, name: r.name, status: r.status, created_at: r.created_at, revoked_at: r.revoked_at ?? '' });
      added += 1;
    }
    await this.redis.set(KEY_SET_MARKER, new Date().toISOString());
    return { added, present: incoming.length - added };
  }

  /** The hash and record of key `id`; KeyAdminError when Redis holds none. */
  private async stored(id: string): Promise<{ hash: string; record: KeyHash }> {
    const hash = await this.redis.hget<string>(IDS, id);
    const record = hash ? await this.redis.hgetall<KeyHash>(KEY(hash)) : null;
    if (!hash || !record) throw noSuchKey(id, this.location);
    return { hash, record };
  }
}
