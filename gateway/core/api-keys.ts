// API keys themselves: their format, how they are made and how they are hashed, with Web Crypto so
// every platform and every store agrees on them. Only hashes are ever stored.

/** How many characters follow `sk_`: the one statement of the format, for checks and messages alike. */
export const KEY_BODY = { min: 32, max: 64, issued: 40 } as const;
export const KEY_PATTERN = new RegExp(`^sk_[A-Za-z0-9]{${KEY_BODY.min},${KEY_BODY.max}}$`);
/** The format in words, for messages and docs. */
export const KEY_FORMAT = `sk_ followed by ${KEY_BODY.min} to ${KEY_BODY.max} letters and digits`;
/** Key ids, as logs, limiters and the keys CLI show them. */
export const KEY_ID_PATTERN = /^key_[0-9a-f]{12}$/;

/** Lowercase hex SHA-256, with Web Crypto so every platform hashes the same way. */
export async function hashKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  let hex = '';
  for (const b of digest) hex += b.toString(16).padStart(2, '0');
  return hex;
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 that fits in a byte: bytes at or above it are discarded, so every character is equally likely. */
const UNBIASED_BYTE_LIMIT = 256 - (256 % KEY_ALPHABET.length);

/** A new key: `sk_` + 40 characters of [A-Za-z0-9] (about 238 bits) from the platform's CSPRNG. */
export function generateKey(): string {
  let body = '';
  while (body.length < KEY_BODY.issued) {
    for (const byte of crypto.getRandomValues(new Uint8Array(KEY_BODY.issued))) {
      if (byte < UNBIASED_BYTE_LIMIT) body += KEY_ALPHABET[byte % KEY_ALPHABET.length];
      if (body.length === KEY_BODY.issued) break;
    }
  }
  return `sk_${body}`;
}

export function generateKeyId(): string {
  let hex = '';
  for (const b of crypto.getRandomValues(new Uint8Array(6))) hex += b.toString(16).padStart(2, '0');
  return `key_${hex}`;
}
