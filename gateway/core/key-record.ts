// A key as a store keeps it (its hash, never the key): the one schema of a record, from which its
// type comes. The keys file holds a set of them, and `keys export` writes the same set (a backup
// that holds no key), which `keys import` reads back into either store.
import { z } from 'zod';
import { KEY_ID_PATTERN } from './api-keys.ts';

const isoTimestamp = z.iso.datetime({ error: 'must be an ISO 8601 timestamp like "2025-01-01T00:00:00.000Z"' });
const sha256 = /^[0-9a-f]{64}$/;

export const KeyRecordSchema = z.object({
  id: z.string().regex(KEY_ID_PATTERN, { error: 'must be "key_" followed by 12 lowercase hex characters' }),
  /** Lowercase hex SHA-256 of the key. */
  hash: z.string().regex(sha256, { error: 'must be the lowercase hex SHA-256 of the key (64 characters)' }),
  plan: z.string().min(1, { error: 'must name a plan' }),
  name: z.string({ error: 'must be a string' }),
  status: z.enum(['active', 'revoked'], { error: 'must be "active" or "revoked"' }),
  created_at: isoTimestamp,
  revoked_at: isoTimestamp.nullable(),
  /** After a rotation with a grace period: the old secret's hash and until when it still works. */
  previous: z.object({ hash: z.string().regex(sha256), until: isoTimestamp }).nullable().optional(),
}, { error: 'must be a key record object' }).refine((r) => (r.status === 'revoked') === (r.revoked_at !== null), {
  error: 'revoked_at must be a timestamp when status is "revoked", and null when "active"',
  path: ['revoked_at'],
});

export type KeyRecord = z.infer<typeof KeyRecordSchema>;

/** A set of records: the keys file, and what `keys export` writes. */
export const KeyRecordsSchema = z.object({ keys: z.array(KeyRecordSchema, { error: 'must be an array of key records' }) }, {
  error: 'must be an object like {"keys": [...]}',
});
