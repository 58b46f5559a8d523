// Reading catalog/ from disk: every file becomes either parsed data or a problem that names it.
// Nothing here throws for anything a curator can put in the folder.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { parseJsonFile } from '../snapshot/json-file.ts';
import { describeIssue } from './schema-issues.ts';
import { categoryFileSchema, retiredFileSchema, sourceRulesSchema, toolFileSchema, type CategoryFile, type RetiredFile, type SourceRules, type ToolFile } from '../snapshot/schema.ts';
import { vocabularyFileSchema, type VocabularyFile } from '../snapshot/vocabulary-schema.ts';

/** What a check finds: the file, the field and what to write instead. */
export interface Finding {
  /** Path of the file as the curator sees it, e.g. catalog/tools/x.json. */
  file: string;
  /** Field path inside the file, e.g. categories[1]; absent for whole-file problems. */
  field?: string;
  message: string;
  line?: number;
  column?: number;
  /** Set when a command repairs the problem by itself. */
  fix?: 'format';
}

/** A finding with the name of the check that made it: the validator's output is grouped by it. */
export interface Problem extends Finding {
  check: string;
}

/**
 * One concern of the whole catalog, in its own file under build/checks/ (as browser-compat-data
 * keeps one linter per file). `today` (YYYY-MM-DD, UTC) is read by the checks that depend on the
 * date (a sunset that has passed).
 */
export interface Check {
  name: string;
  /** One sentence: what the check holds true of the catalog. */
  description: string;
  check: (catalog: Catalog, today: string) => Finding[];
}

/** The checks made while reading: a file that cannot be read (folder, name, size, encoding, JSON), and one its schema refuses. */
export const FILES_CHECK = 'files';
export const SCHEMA_CHECK = 'schema';

export interface SourceFile<T> {
  file: string;
  text: string;
  data: T;
}

export interface Catalog {
  tools: SourceFile<ToolFile>[];
  categories: SourceFile<CategoryFile>[];
  /** Tools that no longer exist (catalog/retired/, optional). */
  retired: SourceFile<RetiredFile>[];
  /** The search vocabulary (catalog/vocabulary.json, optional). */
  vocabulary: SourceFile<VocabularyFile> | null;
  /** What counts as a source (catalog/sources.json, optional): hosts that are not evidence, stores, makers' other domains, the ceiling. */
  sourceRules?: SourceFile<SourceRules> | null;
  /** Tool files refused by their schema whose categories can still be checked. */
  unchecked?: UncheckedTool[];
}

export interface ReadResult extends Catalog {
  problems: Problem[];
}

/** A tool file that is JSON but failed its schema: its references are still checked, so one run shows every problem. */
export interface UncheckedTool { file: string; text: string; categories: string[] }

export const VOCABULARY_FILE = 'vocabulary.json';
export const SOURCE_RULES_FILE = 'sources.json';

/** A catalog file is a few KB; anything past this is a mistake (a pasted dump, a binary). */
export const MAX_FILE_BYTES = 64 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** `shown` is how paths are printed; by default relative to the working directory. */
export async function readCatalog(root: string, shown = path.relative(process.cwd(), root) || '.'): Promise<ReadResult> {
  const problems: Problem[] = [];
  const unchecked: UncheckedTool[] = [];
  const tools = await readKind(root, shown, 'tools', toolFileSchema, problems, (file, text, json) => {
    const categories = (json as { categories?: unknown } | null)?.categories;
    if (Array.isArray(categories) && categories.every((c) => typeof c === 'string')) unchecked.push({ file, text, categories });
  });
  const categories = await readKind(root, shown, 'categories', categoryFileSchema, problems);
  const retired = await readKind(root, shown, 'retired', retiredFileSchema, problems);
  const vocabularyBytes = await readFile(path.join(root, VOCABULARY_FILE)).catch(() => null);
  const vocabulary = vocabularyBytes === null ? null : parseFile(path.join(shown, VOCABULARY_FILE), vocabularyBytes, vocabularyFileSchema, problems) ?? null;
  const rulesBytes = await readFile(path.join(root, SOURCE_RULES_FILE)).catch(() => null);
  const sourceRules = rulesBytes === null ? null : parseFile(path.join(shown, SOURCE_RULES_FILE), rulesBytes, sourceRulesSchema, problems) ?? null;
  return { tools, categories, retired, vocabulary, sourceRules, problems, unchecked };
}

async function readKind<S extends z.ZodType>(
  root: string, shown: string, kind: 'tools' | 'categories' | 'retired', schema: S, problems: Problem[], refused?: Refused,
): Promise<SourceFile<z.infer<S>>[]> {
  const dir = path.join(root, kind);
  const shownDir = path.join(shown, kind);
  // Retired records are optional: a catalog without the folder has retired nothing yet.
  const optional = kind === 'retired';
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch {
    if (optional) return [];
    problems.push({ check: FILES_CHECK, file: shownDir, message: `folder not found; create ${shownDir}/ with one <slug>.json file per ${kind === 'tools' ? 'tool' : 'category'}` });
    return [];
  }
  const out: SourceFile<z.infer<S>>[] = [];
  for (const name of names) {
    const file = path.join(shownDir, name);
    if (!name.endsWith('.json')) {
      problems.push({ check: FILES_CHECK, file, message: `not a .json file; ${shownDir}/ holds only <slug>.json files (move or delete it)` });
      continue;
    }
    const bytes = await readSmallFile(path.join(dir, name), file, problems);
    const parsed = bytes && parseFile(file, bytes, schema, problems, refused);
    if (parsed) out.push(parsed);
  }
  if (!optional && !names.some((n) => n.endsWith('.json'))) {
    problems.push({ check: FILES_CHECK, file: shownDir, message: `no .json files; add at least one ${kind === 'tools' ? 'tool' : 'category'} as ${shownDir}/<slug>.json` });
  }
  return out;
}

/** The bytes of a regular file of at most MAX_FILE_BYTES, or a problem saying what it is instead. */
async function readSmallFile(abs: string, file: string, problems: Problem[]): Promise<Buffer | undefined> {
  const info = await stat(abs);
  if (!info.isFile()) {
    problems.push({ check: FILES_CHECK, file, message: 'is not a regular file; expected a JSON file' });
    return undefined;
  }
  if (info.size > MAX_FILE_BYTES) {
    problems.push({ check: FILES_CHECK, file, message: `is ${formatBytes(info.size)}; a catalog file is a few KB (limit ${formatBytes(MAX_FILE_BYTES)}): check that the right file was saved here` });
    return undefined;
  }
  return readFile(abs);
}

/** Told of a file that is JSON but failed its schema. */
type Refused = (file: string, text: string, json: unknown) => void;

function parseFile<S extends z.ZodType>(
  file: string, bytes: Buffer, schema: S, problems: Problem[], refused?: Refused,
): SourceFile<z.infer<S>> | undefined {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    problems.push({ check: FILES_CHECK, file, message: 'is not valid UTF-8 text; save it with UTF-8 encoding' });
    return undefined;
  }
  const read = parseJsonFile(text, schema);
  if ('invalidJson' in read) {
    const where = read.invalidJson;
    problems.push({ check: FILES_CHECK, file, line: where.line, column: where.column, message: `invalid JSON at ${where.message}` });
    return undefined;
  }
  if ('issues' in read) {
    for (const issue of read.issues) problems.push({ check: SCHEMA_CHECK, file, ...describeIssue(text, read.json, issue, schema) });
    refused?.(file, text, read.json);
    return undefined;
  }
  return { file, text, data: read.data };
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.round(n / 1024)} KB`;
}
