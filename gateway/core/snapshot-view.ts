// The snapshot as the gateway holds it: parsed once per process, with the lookups a request needs
// (slug -> index, prebuilt key -> ETag, items serialized once). Platform-neutral: the Node adapter
// fills it from dist/ on disk, the edge adapter from its bundle.
import { encodeItems, type EncodedItems } from '../../snapshot/lists.ts';
import { importSearchIndex, type SearchIndex, type SerializedIndex } from '../../snapshot/search-index.ts';
import type { Manifest, RetiredTool, SnapshotData } from '../../snapshot/types.ts';
import { keptUntilRejected } from './kept-promise.ts';

export interface SnapshotView {
  id: string;
  data: SnapshotData;
  manifest: Manifest;
  /** Every tool and category serialized once, as UTF-8. */
  toolItems: EncodedItems;
  categoryItems: EncodedItems;
  toolBySlug: Map<string, number>;
  categoryBySlug: Map<string, number>;
  /** Former slug -> current slug. */
  movedTools: Map<string, string>;
  movedCategories: Map<string, string>;
  retiredBySlug: Map<string, RetiredTool>;
  groups: Set<string>;
  pricing: Set<string>;
  platforms: Set<string>;
  /**
   * The search index of this snapshot, imported on first use and then kept (a failed import is
   * tried again). The Node adapter asks for it while it loads the snapshot, so data and index
   * arrive as one unit; the edge bundles it, or fetches it from the snapshot's own CDN folder.
   */
  searchIndex(): Promise<SearchIndex>;
}

export function createSnapshotView(
  manifest: Manifest,
  data: SnapshotData,
  loadIndex: () => Promise<SerializedIndex>,
): SnapshotView {
  return {
    id: manifest.snapshot,
    data,
    manifest,
    toolItems: encodeItems(data.tools),
    categoryItems: encodeItems(data.categories),
    toolBySlug: new Map(data.tools.map((t, i) => [t.slug, i])),
    categoryBySlug: new Map(data.categories.map((c, i) => [c.slug, i])),
    movedTools: new Map(Object.entries(data.moved.tools)),
    movedCategories: new Map(Object.entries(data.moved.categories)),
    retiredBySlug: new Map(data.retired.map((r) => [r.slug, r])),
    groups: new Set(data.groups),
    pricing: new Set(data.pricing),
    platforms: new Set(data.platforms),
    searchIndex: keptUntilRejected(() => loadIndex().then(importSearchIndex)),
  };
}
