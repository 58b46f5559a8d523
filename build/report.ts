// How problems reach a curator: plain lines in the terminal, plus workflow-command annotations on
// the pull request when running under GitHub Actions.
import type { Problem } from './catalog.ts';

export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0)));
}

export function formatProblem(p: Problem): string {
  return `${p.file}: ${p.field ? `${p.field}: ` : ''}${p.message}`;
}

export function githubAnnotation(p: Problem): string {
  const props = [`file=${escapeProperty(p.file)}`];
  if (p.line !== undefined) props.push(`line=${p.line}`);
  if (p.column !== undefined) props.push(`col=${p.column}`);
  const message = `${p.field ? `${p.field}: ` : ''}${p.message}`;
  return `::error ${props.join(',')}::${escapeData(message)}`;
}

export function reportProblems(problems: Problem[], out: (line: string) => void = console.error): void {
  const sorted = sortProblems(problems);
  for (const p of sorted) out(formatProblem(p));
  if (process.env.GITHUB_ACTIONS === 'true') for (const p of sorted) out(githubAnnotation(p));
  const files = new Set(sorted.map((p) => p.file)).size;
  out(`\n${sorted.length} problem${sorted.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}.`);
  if (sorted.length > 0 && sorted.every((p) => p.fix === 'format')) out('Formatting is the only problem: run `npm run format`, then commit the result.');
}

function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
