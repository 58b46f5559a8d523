// Where a field sits in a catalog file's text, so that a problem points the curator's editor at it.

/**
 * The line of the value at path `p` (`['categories', 1]`, `['phrasings', 'voice', 0]`): the line
 * of its key in an object, of the item itself in an array. Undefined when the path is not in the
 * text. The text is JSON that parsed (a file refused by its schema included).
 */
export function lineOf(text: string, p: readonly PropertyKey[]): number | undefined {
  let i = 0;
  let line = 1;
  const space = () => { for (; i < text.length && /\s/.test(text[i]!); i++) if (text[i] === '\n') line++; };
  const string = () => { const start = i; for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++; i++; return JSON.parse(text.slice(start, i)) as string; };
  /** Walks the members of the object or array at `i`, calling `member` at each value until it returns true. */
  const members = (member: (key: string | number) => boolean): boolean => {
    const object = text[i] === '{';
    i++;
    space();
    for (let n = 0; text[i] !== '}' && text[i] !== ']'; n++) {
      let key: string | number = n;
      if (object) { key = string(); space(); i++; space(); }
      if (member(key)) return true;
      skip();
      space();
      if (text[i] === ',') { i++; space(); }
    }
    i++;
    return false;
  };
  const skip = () => {
    if (text[i] === '"') string();
    else if (text[i] === '{' || text[i] === '[') members(() => false);
    else while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
  };
  const find = (depth: number): boolean => depth === p.length || ((text[i] === '{' || text[i] === '[') && members((key) => key === p[depth] && find(depth + 1)));
  space();
  return p.length > 0 && find(0) ? line : undefined;
}
