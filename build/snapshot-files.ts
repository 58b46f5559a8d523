// Writing a snapshot's files: each prebuilt body with its ETag, and the gzip and brotli variants
// that are smaller than it, counted as they are written.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { etagFromDigest } from '../snapshot/etag.ts';
import type { PrebuiltBody } from '../snapshot/types.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Compression effort for gzip and brotli (quality). */
export interface CompressionLevels { gzip: number; brotli: number }

export class SnapshotFiles {
  /** Every prebuilt body by its key, in the order the keys were reserved: the manifest's order. */
  readonly bodies: Record<string, PrebuiltBody> = {};
  files = 0;
  bytes = 0;
  private readonly made = new Set<string>();

  constructor(private readonly dir: string, private readonly levels: CompressionLevels) {}

  async put(rel: string, content: string | Uint8Array): Promise<void> {
    const abs = path.join(this.dir, rel);
    const parent = path.dirname(abs);
    if (!this.made.has(parent)) { await mkdir(parent, { recursive: true }); this.made.add(parent); }
    await writeFile(abs, content);
    this.files++;
    this.bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
  }

  /** Holds a key's place, so the manifest's order does not depend on which compression ends first. */
  reserve(key: string): void {
    this.bodies[key] = undefined as never;
  }

  /** Writes a body at `file.path` (by default where its key puts it, see bodyPath) with its variants. */
  async writeBody(key: string, body: string | Uint8Array, total?: number, file?: { path: string; type?: string }): Promise<void> {
    const rel = file?.path ?? bodyPath(key);
    const raw = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const entry: PrebuiltBody = {
      path: rel, bytes: raw.byteLength, etag: etagFromDigest(createHash('sha256').update(raw).digest()),
      ...(total !== undefined && { total }), ...(file?.type !== undefined && { type: file.type }),
    };
    this.bodies[key] = entry;
    await this.put(rel, raw);
    const [gz, br] = await Promise.all([
      gzip(raw, { level: this.levels.gzip }),
      brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: this.levels.brotli, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }),
    ]);
    if (gz.byteLength < raw.byteLength) { entry.gzip = { path: `${rel}.gz`, bytes: gz.byteLength }; await this.put(`${rel}.gz`, gz); }
    if (br.byteLength < raw.byteLength) { entry.br = { path: `${rel}.br`, bytes: br.byteLength }; await this.put(`${rel}.br`, br); }
  }
}

/** Where a prebuilt body lives under dist/: lists/... for list pages, items/... for single items. */
export function bodyPath(key: string): string {
  const [p, query] = key.replace(/^\/api\/v1\//, '').split('?') as [string, string | undefined];
  const segments = p.split('/');
  if (segments.length === 2) return `items/${segments[0]}/${segments[1]}.json`;
  return `lists/${segments[0]}/${query ? query.replace(/&/g, ',') : '_'}.json`;
}
