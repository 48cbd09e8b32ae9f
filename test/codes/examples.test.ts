/**
 * The oracle that keeps the registry true: every registered example, run
 * through the real command line (in-process), reports its code with the
 * registered severity; and the committed error index is what the registry
 * and those runs render (regenerate it with `npm run docs:errors`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { INDEX_PATH, REGENERATE, renderIndex } from '../../src/codes/doc.js';
import { runAllExamples } from './run-examples.js';
import type { ExampleRun } from '../../src/codes/example.js';
import { ALL_CODES } from '../../src/codes/index.js';
import { repoRoot } from '../helpers.js';

const withExample = ALL_CODES.filter((c) => c.example);
let runs: Map<string, ExampleRun>;

beforeAll(async () => {
  runs = await runAllExamples(ALL_CODES);
}, 120_000);

describe('each registered example', () => {
  it.each(withExample.map((c) => [c.code, c] as const))('%s: reports its code with its severity', (code, info) => {
    const run = runs.get(code) as ExampleRun;
    const printed = run.stdout + run.stderr;
    expect(printed, `the example of ${code} (${info.example?.command})`).toContain(`${info.severity}[${code}]`);
    if (info.severity === 'error') expect(run.exit, `exit code of the example of ${code}`).toBe(1);
    expect(printed).not.toContain('error[internal]');
  });
});

describe('the error index', () => {
  it(`${INDEX_PATH} is what the registry renders (run \`${REGENERATE}\` after changing src/codes/)`, () => {
    const committed = readFileSync(join(repoRoot, INDEX_PATH), 'utf8');
    const rendered = renderIndex(ALL_CODES, runs);
    expect(committed === rendered, `${INDEX_PATH} is out of date: run \`${REGENERATE}\` and commit it`).toBe(true);
  });

  it('has one ### heading per code', () => {
    const text = renderIndex(ALL_CODES, runs);
    const headings = [...text.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings.slice().sort()).toEqual(ALL_CODES.map((c) => c.code).sort());
  });
});
