// A tool's url and repository are the plain official addresses: parseable, with no tracking
// parameters, and a repository only where the code is published.
import type { Check, Finding } from '../catalog.ts';
import { lineOf } from '../field-line.ts';
import { TRACKING_PARAMS } from '../source-pages.ts';

export const urls: Check = {
  name: 'urls',
  description: 'A tool\'s url and repository are valid URLs without tracking parameters, and a repository goes with open_source.',
  check(c) {
    const out: Finding[] = [];
    for (const t of c.tools) {
      for (const field of ['url', 'repository'] as const) {
        const value = t.data[field];
        if (value === null) continue;
        const at = { file: t.file, field, line: lineOf(t.text, [field]) };
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          out.push({ ...at, message: `'${value}' is not a valid URL` });
          continue;
        }
        const tracking = [...url.searchParams.keys()].filter((k) => TRACKING_PARAMS.test(k));
        if (tracking.length > 0) out.push({ ...at, message: `has tracking parameter${tracking.length > 1 ? 's' : ''} ${tracking.map((k) => `'${k}'`).join(', ')}; link to the plain official URL` });
      }
      if (t.data.repository !== null && !t.data.open_source) {
        out.push({ file: t.file, field: 'repository', line: lineOf(t.text, ['repository']), message: 'is set but open_source is false; set repository to null, or open_source to true if the code is published' });
      }
    }
    return out;
  },
};
