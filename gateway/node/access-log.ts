// The access log: one line per request, written to stdout in batches, and bounded when stdout's
// reader stops reading (a stalled pipe would otherwise hold every line in memory): past the bound,
// lines are dropped and counted, and the count is written once the reader catches up.

/** What the log writes to: process.stdout has this shape. */
export interface LogOutput {
  write(chunk: string): unknown;
  /** Bytes written but not yet taken by the reader. */
  readonly writableLength: number;
}

export interface AccessLog { log(line: string): void; flush(): void; dropped(): number }

/** At most this many bytes of lines wait for a slow reader; API.md's bound on log lines. */
export const MAX_WAITING_BYTES = 1024 * 1024;

/**
 * Lines batched into one write per 64 lines or 50 ms: a write per request is a syscall per
 * request, which costs more than the rest of serving a prebuilt page; a bigger batch is held long
 * enough to be copied by each young-generation collection (512 lines tripled what survived one).
 */
export function accessLog(out: LogOutput = process.stdout, { flushMs = 50, maxWaitingBytes = MAX_WAITING_BYTES } = {}): AccessLog {
  let pending = '';
  let lines = 0;
  let dropped = 0;
  let total = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) { clearTimeout(timer); timer = undefined; }
    if (lines === 0) return;
    if (out.writableLength + pending.length > maxWaitingBytes) {
      dropped += lines;
      total += lines;
    } else {
      if (dropped > 0) out.write(`access log: ${dropped} lines dropped while the log's reader was not reading\n`);
      dropped = 0;
      out.write(pending);
    }
    pending = '';
    lines = 0;
  };
  return {
    log(line) {
      pending += `${line}\n`;
      if (++lines >= 64) flush();
      else timer ??= setTimeout(flush, flushMs).unref();
    },
    flush,
    dropped: () => total,
  };
}
