// A shared store's outage as the gateway lives through it, for the key store and the rate limiter
// alike: the change of state is logged once, then a count every 10 s (never a line per request),
// and after a failure the store is left alone for STORE_RETRY_MS so requests answer from their
// fallback at once instead of each waiting out the deadline.
import { STORE_RETRY_MS } from './deadline.ts';

/** During an outage, one line says how many requests it affected, this often. */
const REPORT_MS = 10_000;

export class Outage {
  private down = false;
  private affected = 0;
  private reportedAt = 0;
  private restingUntil = 0;

  /** `what` names the store in the log; `fallback` says what requests get meanwhile. */
  constructor(private readonly what: string, private readonly fallback: string, private readonly log: (line: string) => void, private readonly now: () => number) {}

  /** True while the store is left alone after a failure: the caller uses its fallback without asking. */
  resting(): boolean {
    if (this.restingUntil === 0 || this.now() >= this.restingUntil) return false;
    this.note();
    return true;
  }

  /** The store failed (or did not answer in time): rest it, and log the start of an outage once. */
  failed(reason: string): void {
    this.restingUntil = this.now() + STORE_RETRY_MS;
    if (!this.down) {
      this.down = true;
      this.reportedAt = this.now();
      this.affected = 0;
      this.log(`${this.what} unavailable: ${reason}; ${this.fallback}`);
    }
    this.note();
  }

  /** The store answered: the end of an outage is logged once. */
  answered(): void {
    if (!this.down) return;
    this.down = false;
    this.log(`${this.what} reachable again (${this.affected} requests affected since the last report)`);
  }

  private note(): void {
    this.affected += 1;
    if (this.now() - this.reportedAt < REPORT_MS) return;
    this.log(`${this.what} still unavailable: ${this.affected} requests affected in the last ${Math.round((this.now() - this.reportedAt) / 1000)} s`);
    this.reportedAt = this.now();
    this.affected = 0;
  }
}
