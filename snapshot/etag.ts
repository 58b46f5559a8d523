// Strong ETags from content. Web Crypto, so the build, the Node adapter and the edge compute the
// same tag for the same body.
const encoder = new TextEncoder();

/** The tag from the first 16 bytes of a SHA-256 digest, base64url, quoted. */
export function etagFromDigest(digest: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < 16; i++) bin += String.fromCharCode(digest[i]!);
  return `"${btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`;
}

export async function etagOf(body: string | Uint8Array): Promise<string> {
  const bytes = typeof body === 'string' ? encoder.encode(body) : body.buffer instanceof ArrayBuffer ? body as Uint8Array<ArrayBuffer> : new Uint8Array(body);
  return etagFromDigest(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}
