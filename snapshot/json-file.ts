// A JSON file a person edits (a catalog file, the gateway's plans or keys file) read the one way:
// its text parsed, a syntax error explained with its line and column, the value checked by its
// zod schema. Each reader words the outcome for its own audience; reading the bytes from disk is
// left to them (build/, gateway/node/json-file.ts), since snapshot/ touches no file system.
import type { z } from 'zod';
import { explainJsonError, type JsonErrorLocation } from './json-error.ts';

/** The file's data; or where its text stops being JSON and what to write; or what its schema refused, with the parsed value the issues point into. */
export type JsonFile<T> =
  | { data: T }
  | { invalidJson: JsonErrorLocation & { message: string } }
  | { issues: z.core.$ZodIssue[]; json: unknown };

/** Parses a file's text (a leading byte-order mark, which some editors save, is skipped) and checks it with `schema`. */
export function parseJsonFile<S extends z.ZodType>(text: string, schema: S): JsonFile<z.infer<S>> {
  const json = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { invalidJson: explainJsonError(json) };
  }
  const result = schema.safeParse(value);
  return result.success ? { data: result.data } : { issues: result.error.issues, json: value };
}

/** An issue's place in the file as a person writes it: `keys[0].hash`, `free.per_minute`; '' for the whole file. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out;
}
