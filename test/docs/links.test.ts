/** Every relative link and picture in the README and the docs points at a file that exists. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers.js';
import { markdownFiles } from './shown.js';

/** Pages other lines of work write (issues 19-21, 25); linked from here already. */
const WRITTEN_ELSEWHERE = new Set(['docs/reference/vocabulary.md', 'docs/reference/errors.md', 'docs/fuzzing.md', 'docs/gdl-ii.md', 'docs/design/styles.md']);

describe('links in the docs', () => {
  for (const file of [...markdownFiles(), 'docs/reference/cli.md']) {
    it(`${file}: every relative link resolves`, () => {
      const text = readFileSync(join(repoRoot, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (m[1] as string).split('#')[0] as string;
        if (target === '' || /^[a-z]+:/.test(target)) continue;
        const path = normalize(join(dirname(file), target)).replace(/\/$/, '');
        if (WRITTEN_ELSEWHERE.has(path)) continue;
        expect(existsSync(join(repoRoot, path)), `${file} links to ${m[1]}`).toBe(true);
      }
    });
  }
});
