// Request bodies in flight (only POST /mcp has one) share one budget of bytes, so that clients who
// announce big bodies and stall cannot hold the memory of the process (API.md, "Bounds"). A body
// reserves what it will hold, from what it announces (or the most a body may be, when it announces
// nothing), before a byte of it is read, and gives it back when its request is answered. One key holds at most
// BODIES_PER_KEY bodies at a time, so one client cannot take the whole budget.
import { HttpError } from './responses.ts';

/** API.md: bodies in flight share 64 MiB unless BODY_BUDGET_MB says otherwise. */
export const DEFAULT_BODY_BUDGET_BYTES = 64 * 1024 * 1024;
/** API.md: one key holds at most 4 bodies in flight (429 past that). */
export const BODIES_PER_KEY = 4;
/** A body's reservation is at least this: its request's own bookkeeping. */
const MIN_RESERVATION = 1024;
/** A body is held twice while it is read (its bytes as they arrive, and its text): it weighs that. */
const HELD_PER_BYTE = 2;

export class BodyBudget {
  private held = 0;
  /** Bodies in flight per key id; an id leaves when its last body is answered. */
  private readonly perKey = new Map<string, number>();

  constructor(readonly budget: number) {
    if (!(budget >= 0)) throw new RangeError(`a body budget is a number of bytes >= 0; got ${budget}`);
  }

  /** Reserves room for a body of `bytes` of key `id`; returns what gives it back. Throws the 503 or 429 to answer. */
  reserve(id: string, bytes: number): () => void {
    const size = Math.max(MIN_RESERVATION, HELD_PER_BYTE * bytes);
    const mine = this.perKey.get(id) ?? 0;
    if (mine >= BODIES_PER_KEY) {
      throw new HttpError(429, 'RATE_LIMIT_EXCEEDED', `Too many request bodies in flight for this key: at most ${BODIES_PER_KEY} at a time; wait for an answer before sending the next body.`, { 'Retry-After': '1' });
    }
    if (this.held + size > this.budget) {
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The server is reading as many request bodies as it can hold right now; retry after the number of seconds in Retry-After.', { 'Retry-After': '1' });
    }
    this.held += size;
    this.perKey.set(id, mine + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.held -= size;
      const left = this.perKey.get(id)! - 1;
      if (left === 0) this.perKey.delete(id);
      else this.perKey.set(id, left);
    };
  }

  /** Bytes reserved by bodies in flight. */
  get bytes(): number { return this.held; }
}
