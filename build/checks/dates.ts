// A record's dates agree with each other and with today: updated_at is on or after added_at, and
// verified_at is a day that has happened (a later one would tell consumers the facts are fresher
// than they are).
import type { Check } from '../catalog.ts';
import { lineOf } from '../field-line.ts';

export const dates: Check = {
  name: 'dates',
  description: 'updated_at is on or after added_at, and no verified_at is after today.',
  check(c, today) {
    return [
      ...c.tools
        .filter((t) => t.data.added_at > t.data.updated_at)
        .map((t) => ({ file: t.file, field: 'updated_at', line: lineOf(t.text, ['updated_at']), message: `${t.data.updated_at} is before added_at ${t.data.added_at}; updated_at must be on or after added_at` })),
      ...[...c.tools, ...c.retired]
        .filter((r) => r.data.verified_at !== undefined && r.data.verified_at > today)
        .map((r) => ({ file: r.file, field: 'verified_at', line: lineOf(r.text, ['verified_at']), message: `${r.data.verified_at} is after today (${today}); write the day you checked the sources` })),
    ];
  },
};
