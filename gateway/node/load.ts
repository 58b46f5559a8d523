// Reads a snapshot from dist/ into memory once: every prebuilt body and its compressed variants,
// so a request for a prebuilt page is a map lookup and a socket write.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest, SnapshotData } from '../../snapshot/types.ts';
import { createSnapshotView, type SnapshotView } from '../core/snapshot-view.ts';

export interface PrebuiltBytes { identity: Buffer; gzip?: Buffer; br?: Buffer }

export interface LoadedSnapshot {
  view: SnapshotView;
  bodies: Map<string, PrebuiltBytes>;
}

export async function loadSnapshot(dist: string): Promise<LoadedSnapshot> {
  const manifest = JSON.parse(await readFile(path.join(dist, 'manifest.json'), 'utf8')) as Manifest;
  const data = JSON.parse(await readFile(path.join(dist, manifest.files.data), 'utf8')) as SnapshotData;
  const bodies = new Map<string, PrebuiltBytes>();
  const entries = Object.entries(manifest.bodies);
  for (let i = 0; i < entries.length; i += 64) {
    await Promise.all(entries.slice(i, i + 64).map(async ([key, b]) => {
      const [identity, gzip, br] = await Promise.all([
        readFile(path.join(dist, b.path)),
        b.gzip ? readFile(path.join(dist, b.gzip.path)) : undefined,
        b.br ? readFile(path.join(dist, b.br.path)) : undefined,
      ]);
      bodies.set(key, { identity, ...(gzip && { gzip }), ...(br && { br }) });
    }));
  }
  const indexFile = path.join(dist, manifest.files.search_index);
  const view = createSnapshotView(manifest, data, async () => JSON.parse(await readFile(indexFile, 'utf8')));
  return { view, bodies };
}
