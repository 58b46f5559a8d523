// KeyStore over Upstash Redis (the REST protocol, so it runs on the edge and on Node alike).
//
// Layout: `aitc:key:<sha256>` is a hash {id, plan, name, status, created_at, revoked_at}; after a
// rotation with a grace period the old secret's hash has `until`, and the new one names it by
// `previous_hash` and `previous_until`. `aitc:key-ids` maps each key id to its hash. The keys CLI
// writes them (key-admin.ts).
import type { Redis } from '@upstash/redis';
import { withDeadline } from '../core/deadline.ts';
import { KeyStoreUnavailableError, type KeyLookup, type KeyStore } from '../core/key-store.ts';

export const KEY = (hash: string) => `aitc:key:${hash}`;
export const IDS = 'aitc:key-ids';
/**
 * Written by the keys CLI with every change of the key set. A Redis that was restarted empty has
 * neither it nor IDS: every key is then refused 503 (the clients' keys are not bad), not 401.
 */
export const KEY_SET_MARKER = 'aitc:key-set';

export type KeyHash = Record<string, string> & { id: string; plan: string; name: string; status: 'active' | 'revoked'; created_at: string; revoked_at: string };

export function upstashKeyStore(redis: Redis): KeyStore {
  /** Whether this instance has seen a key set in Redis: once it has, a Redis without one lost it. */
  let seenKeySet = false;
  const noKeySet = () => seenKeySet ? keySetMissing() : noKeys();
  return {
    async lookup(hash): Promise<KeyLookup> {
      const [found, sets] = await ask(redis.pipeline().hgetall<KeyHash>(KEY(hash)).exists(KEY_SET_MARKER, IDS).exec<[Partial<KeyHash> | null, number]>());
      if (sets === 0) throw noKeySet();
      seenKeySet = true;
      if (!found || !found.id) return { status: 'unknown' };
      // The old secret of a key rotated with a grace period works until its time, then is refused.
      const expired = found.until ? Date.now() >= Date.parse(String(found.until)) : false;
      return found.status === 'active' && !expired ? { status: 'active', id: String(found.id), plan: String(found.plan) } : { status: 'revoked', id: String(found.id) };
    },
    async ready() {
      if ((await ask(redis.exists(KEY_SET_MARKER, IDS))) === 0) throw noKeySet();
      seenKeySet = true;
    },
  };
}

/** A Redis call within the store deadline; any failure is the store being unreachable. */
async function ask<T>(call: Promise<T>): Promise<T> {
  try {
    return await withDeadline(call, () => new Error('no answer within 1 s'));
  } catch (e) {
    throw new KeyStoreUnavailableError(`Upstash Redis: ${(e as Error).message}`);
  }
}

/** A fresh Redis (no key created yet) is not an outage: the operator creates the first key. */
function noKeys(): KeyStoreUnavailableError {
  return new KeyStoreUnavailableError(`No API key has been created in this Redis yet: the operator creates the first one with "npm run keys -- create --plan free --name <name>" (with the Upstash variables set), or restores a "keys export" with "npm run keys -- import <file>".`, 30, 'no_keys');
}

function keySetMissing(): KeyStoreUnavailableError {
  return new KeyStoreUnavailableError(`the key set is missing from Redis (neither ${KEY_SET_MARKER} nor ${IDS} exists: was it restarted empty?); restore it with "npm run keys -- import <file>" from a "keys export"`, 30, 'key_set_missing');
}
