// Person-edited JSON files read the one way (snapshot/json-file.ts): the catalog's, the plans
// file, the keys file and its exports.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldPath, parseJsonFile } from '../snapshot/json-file.ts';

const schema = z.object({ keys: z.array(z.object({ id: z.string() })) });

describe('a person-edited JSON file', () => {
  it('gives its data when it is JSON its schema accepts, a byte-order mark skipped', () => {
    expect(parseJsonFile('\uFEFF{"keys": [{"id": "a"}]}', schema)).toEqual({ data: { keys: [{ id: 'a' }] } });
  });

  it('says where its text stops being JSON, by line and column, and what to write', () => {
    expect(parseJsonFile('{\n  "keys": [],\n}', schema)).toEqual({
      invalidJson: { line: 3, column: 1, offset: 16, message: 'line 3, column 1: remove the comma after ] (JSON allows no comma before "}")' },
    });
  });

  it('gives what its schema refused, with the value the issues point into', () => {
    const read = parseJsonFile('{"keys": [{"id": 1}]}', schema);
    expect('issues' in read && read.issues.map((i) => fieldPath(i.path))).toEqual(['keys[0].id']);
    expect('issues' in read && read.json).toEqual({ keys: [{ id: 1 }] });
  });

  it('writes a field path as a person would: dots between names, brackets around indexes, nothing for the whole file', () => {
    expect(fieldPath(['tools', 2, 'pricing', 'plans', 0])).toBe('tools[2].pricing.plans[0]');
    expect(fieldPath([0, 'id'])).toBe('[0].id');
    expect(fieldPath([])).toBe('');
  });
});
