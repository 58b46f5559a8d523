// KeyAdmin: how the operator's keys CLI issues, revokes and lists keys, whatever the store (the
// keys file of the embedded default, or Upstash Redis). Keys are never issued over the API.
import type { KeyRecord } from './key-record.ts';

/** A key as an operator sees it: never the key, never the full hash. */
export interface KeyInfo {
  id: string;
  plan: string;
  name: string;
  status: 'active' | 'revoked';
  /** ISO 8601 timestamps. */
  created_at: string;
  revoked_at: string | null;
  /** First 8 hex characters of the hash, to tell keys apart in a listing. */
  hash_prefix: string;
  /** While the secret replaced by a rotation with a grace period still works: until when (ISO 8601). */
  previous_until?: string;
}

export interface KeyAdmin {
  /** Issues a key on `plan`; the key is returned once and only its hash is stored. */
  create(plan: string, name: string): Promise<{ key: string; info: KeyInfo }>;
  /** @throws KeyAdminError when no key has this id or it is already revoked. */
  revoke(id: string): Promise<KeyInfo>;
  /** Every key, oldest first. */
  list(): Promise<KeyInfo[]>;
  /**
   * A new secret for key `id`, keeping its id, plan and name: returned once. The old secret is
   * refused at once, or only after `graceMs` (so clients can switch without downtime).
   * @throws KeyAdminError when no key has this id or it is revoked.
   */
  rotate(id: string, graceMs: number): Promise<{ key: string; info: KeyInfo }>;
  /** Every key's stored record, oldest first: a backup that holds no key. */
  exportRecords(): Promise<KeyRecord[]>;
  /** Adds the records whose id and hash are not in the store yet (a restore); says how many of each. */
  importRecords(records: readonly KeyRecord[]): Promise<{ added: number; present: number }>;
  /** Where the keys live, for messages (a file path or a Redis URL). */
  readonly location: string;
}

/** What an operator sees of a stored record; the old secret of a rotation only while an active key's grace lasts (as the stores honour it). */
export function keyInfo(r: KeyRecord): KeyInfo {
  const grace = r.status === 'active' && r.previous && Date.parse(r.previous.until) > Date.now() ? { previous_until: r.previous.until } : {};
  return { id: r.id, plan: r.plan, name: r.name, status: r.status, created_at: r.created_at, revoked_at: r.revoked_at, hash_prefix: r.hash.slice(0, 8), ...grace };
}

/** An operator's mistake (unknown id, already revoked): a plain sentence, no stack trace. */
export class KeyAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyAdminError';
  }
}

/** The operator named an id the store (at `location`) does not hold. */
export function noSuchKey(id: string, location: string): KeyAdminError {
  return new KeyAdminError(`No key with id '${id}' in ${location}; run "npm run keys -- list" to see the ids.`);
}
