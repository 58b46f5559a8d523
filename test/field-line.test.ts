import { describe, expect, it } from 'vitest';
import { lineOf } from '../build/field-line.ts';

const TEXT = `{
  "name": "a \\"quoted\\" {brace} [bracket], comma",
  "tags": [
    "x",
    "y"
  ],
  "inline": [1, 2],
  "rules": [
    {
      "match": "a.com",
      "reason": "}"
    },
    {
      "match": "b.com"
    }
  ],
  "phrasings": {
    "voice": ["talk", "speak"],
    "image": [
      "picture"
    ]
  }
}
`;

describe('the line of a field', () => {
  it('is the line of its key, of an array item, or of a nested member, past strings holding brackets and quotes', () => {
    expect(lineOf(TEXT, ['name'])).toBe(2);
    expect(lineOf(TEXT, ['tags', 1])).toBe(5);
    expect(lineOf(TEXT, ['inline', 1])).toBe(7);
    expect(lineOf(TEXT, ['rules', 1, 'match'])).toBe(14);
    expect(lineOf(TEXT, ['phrasings', 'image', 0])).toBe(20);
  });

  it('is unknown for a path the text does not have', () => {
    expect(lineOf(TEXT, ['missing'])).toBeUndefined();
    expect(lineOf(TEXT, ['tags', 5])).toBeUndefined();
    expect(lineOf(TEXT, [])).toBeUndefined();
  });
});
