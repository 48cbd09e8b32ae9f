/**
 * Golden files: `test/golden/*.golden.txt` hold cases separated by lines of
 * `====`. A case is a program, then `---- goal: TERM` lines (none: every fact),
 * then `---- expected` and the answer: one canonical atom per line, or
 * `error[code] line:col` when loading or evaluating fails.
 * Run with UPDATE_GOLDEN=1 to rewrite the expected sections from the output.
 * A failure names the file and the line where the case starts.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/engine/index.js';
import { GramlogError } from '../../src/errors.js';
import { parseProgram } from '../../src/program/load.js';

const dir = dirname(fileURLToPath(import.meta.url));
const update = process.env['UPDATE_GOLDEN'] === '1';

interface Case {
  line: number;
  program: string;
  goals: string[];
  expected: string;
}

function parseCases(text: string): Case[] {
  const cases: Case[] = [];
  let line = 1;
  for (const chunk of text.split(/^====\n/m)) {
    const [head = '', expected = ''] = chunk.split(/^---- expected\n/m);
    const goals = [...head.matchAll(/^---- goal: (.*)$/gm)].map((m) => m[1] as string);
    const program = head.replace(/^---- goal: .*\n?/gm, '');
    cases.push({ line, program, goals, expected });
    line += chunk.split('\n').length - 1 + 1;
  }
  return cases;
}

function answer(c: Case, file: string): string {
  try {
    const model = evaluate(parseProgram(c.program, { file }));
    const lines = c.goals.length === 0 ? model.facts() : c.goals.flatMap((g) => model.query(g));
    return lines.map((l) => l + '\n').join('');
  } catch (e) {
    if (e instanceof GramlogError) return `error[${e.code}] ${e.span ? `${e.span.line}:${e.span.column}` : '-'}\n`;
    throw e;
  }
}

for (const name of readdirSync(dir).filter((f) => f.endsWith('.golden.txt')).sort()) {
  const path = join(dir, name);
  describe(`golden ${name}`, () => {
    const cases = parseCases(readFileSync(path, 'utf8'));
    if (update) {
      it('rewrites expected answers', () => {
        const out = cases.map((c) => {
          const goals = c.goals.map((g) => `---- goal: ${g}\n`).join('');
          return `${c.program}${goals}---- expected\n${answer(c, name)}`;
        });
        writeFileSync(path, out.join('====\n'));
        expect(out.length).toBe(cases.length);
      });
      return;
    }
    for (const c of cases) {
      it(`${name}:${c.line}`, () => {
        expect(answer(c, name), `case starting at ${name}:${c.line}`).toBe(c.expected);
      });
    }
  });
}
