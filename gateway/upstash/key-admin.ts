// KeyAdmin over Upstash Redis: how the keys CLI issues, revokes, rotates, exports and imports keys
// in the layout keys.ts reads.
import type { Redis } from '@upstash/redis';
import { generateKey, generateKeyId, hashKey } from '../core/api-keys.ts';
import { KeyAdminError, keyInfo, noSuchKey, type KeyAdmin, type KeyInfo } from '../core/key-admin.ts';
import type { KeyRecord } from '../core/key-record.ts';
import { IDS, KEY, KEY_SET_MARKER, type KeyHash } from './keys.ts';

/** Every key's record, oldest first. */
async function records(redis: Redis): Promise<KeyRecord[]> {
  const ids = (await redis.hgetall<Record<string, string>>(IDS)) ?? {};
  const rows = await Promise.all(Object.values(ids).map(async (hash) => {
    const stored = await redis.hgetall<KeyHash>(KEY(String(hash)));
    return stored && recordOf(String(hash), stored);
  }));
  return rows.filter((r) => r !== null).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** The client parses values that look like JSON (a name "2024" comes back a number): read them as text. */
function recordOf(hash: string, h: KeyHash): KeyRecord {
  return {
    id: String(h.id), hash, plan: String(h.plan), name: String(h.name), status: h.status, created_at: String(h.created_at),
    revoked_at: h.revoked_at ? String(h.revoked_at) : null,
    ...(h.previous_hash && { previous: { hash: String(h.previous_hash), until: String(h.previous_until) } }),
  };
}

/** A record's fields as Redis keeps them: every value a string, the old secret of a rotation by its hash. */
function fieldsOf(r: KeyRecord): KeyHash {
  const previous: Record<string, string> = r.previous ? { previous_hash: r.previous.hash, previous_until: r.previous.until } : {};
  return { id: r.id, plan: r.plan, name: r.name, status: r.status, created_at: r.created_at, revoked_at: r.revoked_at ?? '', ...previous };
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
    return { key, info: keyInfo(recordOf(hash, record)) };
  }

  async revoke(id: string): Promise<KeyInfo> {
    const { hash, record } = await this.stored(id);
    if (record.status === 'revoked') throw new KeyAdminError(`Key ${id} was already revoked at ${record.revoked_at}; nothing changed.`);
    const revoked: KeyHash = { ...record, status: 'revoked', revoked_at: new Date().toISOString() };
    await this.redis.hset(KEY(hash), { status: revoked.status, revoked_at: revoked.revoked_at });
    if (record.previous_hash) await this.refuse(String(record.previous_hash), revoked.revoked_at);
    await this.redis.set(KEY_SET_MARKER, revoked.revoked_at);
    return keyInfo(recordOf(hash, revoked));
  }

  async list(): Promise<KeyInfo[]> {
    return (await records(this.redis)).map(keyInfo);
  }

  async rotate(id: string, graceMs: number): Promise<{ key: string; info: KeyInfo }> {
    const { hash, record } = await this.stored(id);
    if (record.status === 'revoked') throw new KeyAdminError(`Key ${id} was revoked at ${record.revoked_at}; issue a new key instead.`);
    const key = generateKey();
    const newHash = await hashKey(key);
    const now = new Date().toISOString();
    const { until: _until, previous_hash: earlier, previous_until: _earlierUntil, ...current } = record;
    // The secret replaced: refused at once, or kept working until the grace period ends. The new
    // record names it, so that list shows the grace and revoke ends it too.
    const until = graceMs > 0 ? new Date(Date.parse(now) + graceMs).toISOString() : undefined;
    const rotated = (until ? { ...current, previous_hash: hash, previous_until: until } : current) as KeyHash;
    await this.redis.hset(KEY(newHash), rotated);
    await this.redis.hset(IDS, { [id]: newHash });
    if (until) await this.redis.hset(KEY(hash), { until });
    else await this.refuse(hash, now);
    // One old secret at a time, as in the keys file: one still in an earlier grace period ends now.
    if (earlier) await this.refuse(String(earlier), now);
    await this.redis.set(KEY_SET_MARKER, now);
    return { key, info: keyInfo(recordOf(newHash, rotated)) };
  }

  /** The secret whose hash is `hash` is refused from `at` on. */
  private async refuse(hash: string, at: string): Promise<void> {
    await this.redis.hset(KEY(hash), { status: 'revoked', revoked_at: at });
  }

  exportRecords(): Promise<KeyRecord[]> {
    return records(this.redis);
  }

  async importRecords(incoming: readonly KeyRecord[]): Promise<{ added: number; present: number }> {
    let added = 0;
    for (const r of incoming) {
      if ((await this.redis.exists(KEY(r.hash))) === 1 || (await this.redis.hsetnx(IDS, r.id, r.hash)) === 0) continue;
      await this.redis.hset(KEY(r.hash), fieldsOf(r));
      // The old secret of a rotation keeps its grace period: the key store reads `until` on its record.
      if (r.previous && (await this.redis.exists(KEY(r.previous.hash))) === 0) {
        await this.redis.hset(KEY(r.previous.hash), { ...fieldsOf({ ...r, previous: null }), until: r.previous.until });
      }
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
