// The engine's memory between queries belongs to the gateway, which owns one byte-bounded cache
// for everything clients can grow, and passes it in (snapshot/ may not import gateway/). What a
// word form matches depends only on the form and on the index, which never changes under an
// engine, so a remembered value never goes stale.

/** What the engine needs of a cache: the gateway passes its one BoundedCache, which counts keys and values in bytes. */
export interface Recall { get(key: string): unknown; set(key: string, value: unknown, bytes: number): void }

/** Tools a word form matches, in memory order, each with its weight. */
export interface Hits { docs: Int32Array; weights: Uint16Array; inNames: boolean }

/** What a Hits weighs beyond its arrays' contents: the object, two typed arrays and their buffers (about 480 bytes measured on Node 20). */
const HITS_BYTES = 480;

/** Engines made in this process: a cache outlives an engine (a new snapshot gets a new one), so each engine's keys are its own. */
let engines = 0;

/** Hits remembered in the injected cache under namespaced keys; without a cache, made every time. */
export class HitsMemo {
  private readonly prefix = `search\0${engines++}\0`;

  constructor(private readonly recall: Recall | undefined) {}

  get(key: string, make: () => Hits): Hits {
    return this.remember(key, make, (made) => HITS_BYTES + made.docs.byteLength + made.weights.byteLength);
  }

  /** Any value made from the snapshot alone (alternatives to a tool), remembered like Hits, weighing `bytes(value)`. */
  remember<T>(key: string, make: () => T, bytes: (value: T) => number): T {
    if (this.recall === undefined) return make();
    const full = this.prefix + key;
    const kept = this.recall.get(full);
    if (kept !== undefined) return kept as T;
    const made = make();
    this.recall.set(full, made, bytes(made));
    return made;
  }
}
