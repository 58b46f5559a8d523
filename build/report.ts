// How problems reach a curator: grouped under the name of the check that found them (as
// browser-compat-data's lint prints them), one `file:line field - message` line each, all at once;
// plus workflow-command annotations on the pull request when running under GitHub Actions.
import type { Problem } from './catalog.ts';

function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0)));
}

/** `file:line field - message`: the place an editor opens, then what to write there. */
export function formatProblem(p: Problem): string {
  const place = `${p.file}${p.line !== undefined ? `:${p.line}${p.column !== undefined ? `:${p.column}` : ''}` : ''}`;
  return `${place}${p.field ? ` ${p.field}` : ''} - ${p.message}`;
}

/** The problems of each check, in the order the checks ran, each group sorted by file and line. */
export function groupByCheck(problems: Problem[]): Map<string, Problem[]> {
  const groups = new Map<string, Problem[]>();
  for (const p of problems) {
    const list = groups.get(p.check);
    if (list) list.push(p);
    else groups.set(p.check, [p]);
  }
  for (const [check, list] of groups) groups.set(check, sortProblems(list));
  return groups;
}

export function githubAnnotation(p: Problem): string {
  const props = [`file=${escapeProperty(p.file)}`];
  if (p.line !== undefined) props.push(`line=${p.line}`);
  if (p.column !== undefined) props.push(`col=${p.column}`);
  const message = `${p.field ? `${p.field}: ` : ''}${p.message}`;
  return `::error ${props.join(',')}::${escapeData(message)}`;
}

/** Prints every problem grouped by check, then the count; `github` adds the annotations GitHub Actions shows on the pull request. */
export function reportProblems(problems: Problem[], out: (line: string) => void = console.error, github = process.env.GITHUB_ACTIONS === 'true'): void {
  const groups = groupByCheck(problems);
  for (const [check, list] of groups) {
    out(`${check} (${plural(list.length, 'problem')}):`);
    for (const p of list) out(`  ${formatProblem(p)}`);
  }
  if (github) for (const list of groups.values()) for (const p of list) out(githubAnnotation(p));
  const files = new Set(problems.map((p) => p.file)).size;
  out(`\n${plural(problems.length, 'problem')} in ${plural(files, 'file')}.`);
  if (problems.length > 0 && problems.every((p) => p.fix === 'format')) out('Formatting is the only problem: run `npm run format`, then commit the result.');
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
