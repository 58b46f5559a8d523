import { describe, expect, it } from 'vitest';
import { categories } from '../../build/checks/categories.ts';
import { problemsOf } from './run-check.ts';

describe('check: categories', () => {
  it('accepts tools that list existing categories, and categories that each have a tool', async () => {
    expect(await problemsOf(categories)).toEqual([]);
  });

  it('names an unknown category and suggests the closest one, or says to add the file', async () => {
    expect(await problemsOf(categories, { 'tools/midjourney.json': (d) => { d.categories = ['image-generation', 'imag-gen', 'quantum-knitting']; } })).toEqual([
      "catalog/tools/midjourney.json:11 categories[1] - unknown category 'imag-gen'. Did you mean 'image-generation'?",
      "catalog/tools/midjourney.json:12 categories[2] - unknown category 'quantum-knitting'; add catalog/categories/quantum-knitting.json or use an existing category",
    ]);
  });

  it('checks the categories of a tool file its schema refused, so one run shows both problems', async () => {
    expect(await problemsOf(categories, { 'tools/murf.json': (d) => { d.categories = ['text-to-speach']; d.pricing = 'cheap'; } })).toEqual([
      "catalog/tools/murf.json:10 categories[0] - unknown category 'text-to-speach'. Did you mean 'text-to-speech'?",
    ]);
  });

  it('refuses a category that no tool lists', async () => {
    expect(await problemsOf(categories, { 'tools/remove-bg.json': (d) => { d.categories = ['image-generation']; } })).toEqual([
      "catalog/categories/background-removal.json - category 'background-removal' has no tools; list it in at least one tool's categories or delete the file",
    ]);
  });
});
