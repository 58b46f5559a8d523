// The snapshot the build embeds into the edge bundle (see build/vercel-output.ts).
declare module 'virtual:snapshot' {
  import type { SerializedIndex } from '../../snapshot/search-index.ts';
  import type { RoutingManifest, SnapshotData } from '../../snapshot/types.ts';
  const embedded: {
    manifest: RoutingManifest;
    data: SnapshotData;
    /** The search index, or null when it is served from the CDN (a bundle past the edge size limit). */
    index: SerializedIndex | null;
    /** The plans file's JSON. */
    plans: unknown;
    /** Folder of the prebuilt bodies in the static output, reached only by rewrite. */
    internalPrefix: string;
    /** Sent by the middleware's own fetches of internal files; anything else there is refused. */
    internalToken: string;
  };
  export default embedded;
}
