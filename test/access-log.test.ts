import { describe, expect, it } from 'vitest';
import { accessLog } from '../gateway/node/access-log.ts';

/** An output whose reader has stopped: everything written waits, until `catchUp()`. */
function stalledOutput() {
  const written: string[] = [];
  return {
    written,
    writableLength: 0,
    write(chunk: string) { written.push(chunk); this.writableLength += chunk.length; return false; },
    catchUp() { this.writableLength = 0; },
  };
}

describe('access log', () => {
  it('writes lines in batches of 64', () => {
    const out = stalledOutput();
    const log = accessLog(out);
    for (let i = 0; i < 130; i++) log.log(`GET /api/v1/tools 200 0.10ms key_${i}`);
    expect(out.written).toHaveLength(2);
    log.flush();
    expect(out.written.join('').split('\n').filter(Boolean)).toHaveLength(130);
  });

  it('holds at most its bound for a reader that stopped reading, drops and counts the rest, and says how many once the reader catches up', () => {
    const out = stalledOutput();
    const log = accessLog(out, { maxWaitingBytes: 64 * 1024 });
    for (let i = 0; i < 100_000; i++) log.log(`GET /api/v1/tools?page=${i} 200 0.10ms key_0123456789ab`);
    log.flush();
    expect(out.writableLength).toBeLessThanOrEqual(64 * 1024);
    expect(log.dropped()).toBeGreaterThan(90_000);
    out.catchUp();
    log.log('GET /healthz 200 0.05ms -');
    log.flush();
    const notes = out.written.filter((w) => w.startsWith('access log:'));
    const droppedSaid = notes.reduce((n, w) => n + Number(/(\d+) lines dropped/.exec(w)![1]), 0);
    const linesWritten = out.written.filter((w) => !w.startsWith('access log:')).join('').split('\n').filter(Boolean).length;
    expect(notes.length).toBeGreaterThan(0);
    expect(droppedSaid + linesWritten).toBe(100_001); // every line is written or counted
    expect(out.written.at(-1)).toBe('GET /healthz 200 0.05ms -\n');
  });
});
