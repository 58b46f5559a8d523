// The gateway's JSON files that operators edit (the plans file, the keys file and its exports),
// read from disk the one way snapshot/json-file.ts parses them.
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { parseJsonFile, type JsonFile } from '../../snapshot/json-file.ts';

/**
 * The file's data, or what is wrong with it (snapshot/json-file.ts), for its reader to word. Read
 * at start or by the CLI, never on a request. A file that cannot be read throws its file system
 * error (code ENOENT when it is missing).
 */
export function readJsonFile<S extends z.ZodType>(file: string, schema: S): JsonFile<z.infer<S>> {
  return parseJsonFile(readFileSync(file, 'utf8'), schema);
}
