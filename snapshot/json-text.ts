// A value beside its JSON text, for a value whose maker writes that text for less than building
// the value and JSON.stringify cost together on the request path: a search's highlights (the HTML
// is made piece by piece anyway, and JSON.stringify of 20 results' highlights took 20-35 us more)
// and facet counts (an object of 30 categories, then its JSON). Without the value, it is parsed
// from the text when first asked for (MCP's answers read it). JSON.stringify of it is its value's.

export class WithJson<T> {
  #value: T | undefined;
  constructor(readonly json: string, value?: T) {
    this.#value = value;
  }
  get value(): T {
    return (this.#value ??= JSON.parse(this.json) as T);
  }
  toJSON(): T {
    return this.value;
  }
}

/** The JSON text of a value, written already or made now. */
export function jsonText(value: unknown): string {
  return value instanceof WithJson ? value.json : JSON.stringify(value);
}

/** An object's JSON text, each member's written already or made now (undefined members left out, as JSON.stringify does). */
export function membersJson(object: object): string {
  let json = '';
  for (const [name, value] of Object.entries(object)) {
    if (value !== undefined) json += `${json === '' ? '{' : ','}${JSON.stringify(name)}:${jsonText(value)}`;
  }
  return json === '' ? '{}' : `${json}}`;
}

/** The value itself, without its JSON text. */
export function plainValue(value: unknown): unknown {
  return value instanceof WithJson ? value.value : value;
}
