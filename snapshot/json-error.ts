// JSON.parse does not always say where it failed (V8 omits the position for some errors), and the
// people who edit JSON by hand (curators, operators) need a line, a column and what to write
// instead. This scanner walks the text by the JSON grammar and finds the first character that
// breaks it; explainJsonError says what is wrong there in plain words.

export interface JsonErrorLocation { line: number; column: number; offset: number }

/** Where JSON text breaks, and what to do about it: "line 4, column 3: remove the comma after "b"". */
export function explainJsonError(text: string): JsonErrorLocation & { message: string } {
  const where = locateJsonError(text);
  return { ...where, message: `line ${where.line}, column ${where.column}: ${advice(text, where.offset)}` };
}

function advice(text: string, offset: number): string {
  if (offset >= text.length) return 'the text ends before the JSON does; a closing "}", "]" or \'"\' is missing';
  const ch = text[offset]!;
  const before = text.slice(0, offset).trimEnd();
  if ((ch === '}' || ch === ']') && before.endsWith(',')) {
    const last = before.slice(0, -1).trimEnd();
    const token = /("(?:[^"\\]|\\.)*"|[^\s,[\]{}:]+|[\]}])$/.exec(last)?.[1] ?? last.slice(-20);
    return `remove the comma after ${token.length > 40 ? `${token.slice(0, 40)}..."` : token} (JSON allows no comma before "${ch}")`;
  }
  if (ch === "'") return 'use double quotes (") for names and strings; JSON has no single quotes';
  if (/[A-Za-z_]/.test(ch) && /[{,]$/.test(before)) return 'put the name in double quotes, e.g. "name": ...';
  if (ch === '"' && /["\]}\d\w]$/.test(before)) return 'a comma is missing before this \'"\'';
  return `unexpected ${JSON.stringify(ch)}; check the commas, quotes and brackets just before it`;
}

export function locateJsonError(text: string): JsonErrorLocation {
  const offset = firstBadOffset(text);
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') { line++; lineStart = i + 1; }
  }
  return { line, column: offset - lineStart + 1, offset };
}

function firstBadOffset(text: string): number {
  let i = 0;
  class Bad { constructor(readonly at: number) {} }
  const fail = (at = i): never => { throw new Bad(at); };
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++; };
  const literal = (word: string) => {
    for (const ch of word) { if (text[i] !== ch) fail(); i++; }
  };
  const string = () => {
    if (text[i] !== '"') fail();
    i++;
    while (true) {
      if (i >= text.length) fail();
      const ch = text[i]!;
      if (ch === '"') { i++; return; }
      if (ch < ' ') fail();
      if (ch === '\\') {
        i++;
        const esc = text[i];
        if (esc === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) fail(i + k);
          i += 5;
          continue;
        }
        if (esc === undefined || !'"\\/bfnrt'.includes(esc)) fail();
      }
      i++;
    }
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '' || m[0] === '-') fail();
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++; ws();
      if (text[i] === '}') { i++; return; }
      while (true) {
        ws(); string(); ws();
        if (text[i] !== ':') fail();
        i++; value(); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return; }
        fail();
      }
    }
    if (ch === '[') {
      i++; ws();
      if (text[i] === ']') { i++; return; }
      while (true) {
        value(); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return; }
        fail();
      }
    }
    if (ch === '"') return string();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    fail();
  };
  try {
    value(); ws();
    if (i < text.length) fail();
    return text.length;
  } catch (e) {
    if (e instanceof Bad) return Math.min(e.at, text.length);
    throw e;
  }
}
