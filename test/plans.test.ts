import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS_FILE, loadPlans, PlansFileError } from '../gateway/node/plans-file.ts';
import { removeDir, ROOT, tempDir } from './helpers.ts';

let dir: string;
beforeEach(async () => { dir = await tempDir('plans-test-'); });
afterEach(async () => { await removeDir(dir); });

async function plansFile(content: string): Promise<string> {
  const file = path.join(dir, 'plans.json');
  await writeFile(file, content);
  return file;
}

function errorOf(file: string): PlansFileError {
  try {
    loadPlans(file);
  } catch (e) {
    expect(e).toBeInstanceOf(PlansFileError);
    return e as PlansFileError;
  }
  throw new Error('loadPlans accepted the file');
}

describe('plans', () => {
  it('ships free 60, pro 600 and business 3000 requests per minute in gateway/plans.json', () => {
    expect(DEFAULT_PLANS_FILE).toBe(path.join(ROOT, 'gateway/plans.json'));
    expect(loadPlans(DEFAULT_PLANS_FILE)).toEqual({ free: { per_minute: 60 }, pro: { per_minute: 600 }, business: { per_minute: 3000 } });
  });

  it('reads PLANS_FILE when no file is given', async () => {
    const file = await plansFile('{"team": {"per_minute": 5}}');
    const before = process.env.PLANS_FILE;
    process.env.PLANS_FILE = file;
    try {
      expect(loadPlans()).toEqual({ team: { per_minute: 5 } });
    } finally {
      if (before === undefined) delete process.env.PLANS_FILE;
      else process.env.PLANS_FILE = before;
    }
  });

  it('names the file when it is missing or not JSON', async () => {
    const missing = path.join(dir, 'nope.json');
    expect(errorOf(missing).message).toBe(`plans file ${missing}: file not found`);
    const file = await plansFile('{"free": {"per_minute": 60},}');
    expect(errorOf(file).message).toBe(`plans file ${file}: is not valid JSON at line 1, column 29: remove the comma after } (JSON allows no comma before "}")`);
  });

  it('reads a file an editor saved with a byte-order mark, as the catalog\'s files are read', async () => {
    expect(loadPlans(await plansFile('\uFEFF{"free": {"per_minute": 60}}'))).toEqual({ free: { per_minute: 60 } });
  });

  it('names every problem at once, with the field path and what to write instead', async () => {
    const file = await plansFile(JSON.stringify({
      free: { per_minute: 60 },
      pro: { per_minute: 0 },
      team: { per_minute: 1.5 },
      Gold: { per_minute: 10 },
      basic: {},
      extra: { per_minute: 5, burst: 10 },
      odd: 'fast',
    }));
    const error = errorOf(file);
    expect(error.message.startsWith(`plans file ${file}: `)).toBe(true);
    expect(error.problems).toEqual([
      'pro.per_minute: must be a positive integer',
      'team.per_minute: must be a positive integer',
      'Gold: is not a valid plan name: use lowercase letters, digits and single hyphens (like "pro" or "team-plus")',
      'basic.per_minute: is required (must be a positive integer)',
      'extra: unknown field \'burst\'; the only field of a plan is "per_minute"',
      'odd: must be an object like {"per_minute": 60}',
    ]);
    for (const problem of error.problems) expect(error.message).toContain(problem);
  });

  it('needs at least one plan, in an object', async () => {
    expect(errorOf(await plansFile('{}')).problems).toEqual(['must define at least one plan']);
    expect(errorOf(await plansFile('[]')).problems).toEqual(['must be an object of plans like {"free": {"per_minute": 60}}']);
  });
});
