// A value beside its JSON text, for a value whose maker writes that text for less than
// JSON.stringify costs (a search's highlights: the HTML is made piece by piece anyway, and
// JSON.stringify of 20 results' highlights took 20-35 us more). JSON.stringify of it is its value's.

export class WithJson<T> {
  constructor(readonly value: T, readonly json: string) {}
  toJSON(): T {
    return this.value;
  }
}

/** The JSON text of a value, written already or made now. */
export function jsonText(value: unknown): string {
  return value instanceof WithJson ? value.json : JSON.stringify(value);
}

/** The value itself, without its JSON text. */
export function plainValue(value: unknown): unknown {
  return value instanceof WithJson ? value.value : value;
}
