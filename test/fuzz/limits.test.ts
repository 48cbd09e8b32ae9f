// The depth, size and memory limits of docs/limits.md ("Depth, size and memory"): each ends in its located error,
// just past the limit, and input just under it works. The CLI runs in-process.
import { expect, test } from 'vitest';
import { runCli } from '../cli/fake-io.js';
import { maxOf, pushAll } from '../../src/arrays.js';
import { formatDiagnostic } from '../../src/cli/diagnostics.js';
import type { Code } from '../../src/errors.js';
import { compileGrammar, generateFrom, explain } from '../../src/api/checked.js';
import { explainStore } from '../../src/generate/grammar/explain.js';
import { historyOf } from '../../src/generate/history.js';
import { readRepoFile } from '../helpers.js';

const grammarWithRhs = (depth: number) => `{"name":"x","start":"S","stages":[{"name":"a","rules":[{"name":"r","lhs":"S","rhs":${'['.repeat(depth)}"a"${']'.repeat(depth)}}]}]}`;

test('JSON nested past 1000 levels: graph/json-too-deep at the bracket that opens level 1001', async () => {
  const r = await runCli(['generate', 'g.json'], { 'g.json': grammarWithRhs(1000) });
  expect(r.code).toBe(1);
  // "{" + '"stages":[' + '{' + '"rules":[' + '{' = 5 levels before the rhs brackets
  const col = grammarWithRhs(1000).split('[').slice(0, 1001 - 5 + 2).join('[').length + 1;
  expect(r.stderr).toMatch(new RegExp(`^g\\.json:1:${col}: error\\[graph/json-too-deep\\]`));
  const ok = await runCli(['generate', 'g.json'], { 'g.json': grammarWithRhs(990) });
  expect(ok.stderr).not.toContain('json-too-deep');
  expect(ok.stderr).not.toContain('internal');
  expect(ok.code).toBe(1); // a nested array is no RHS: a located finding
});

test('a .bp expression nested past 500 brackets: blueprint/too-deep; 499 deep masters', async () => {
  const bp = (d: number) => `@blueprint A\n  @property x = ${'(+ 1 '.repeat(d)}1${')'.repeat(d)}\n@end\n`;
  const deep = await runCli(['master', 'a.bp', 'A'], { 'a.bp': bp(501) });
  expect(deep.code).toBe(1);
  expect(deep.stderr).toMatch(/^a\.bp:2:\d+: error\[blueprint\/too-deep\]/);
  const ok = await runCli(['master', 'a.bp', 'A', '--json'], { 'a.bp': bp(499) });
  expect(ok.code).toBe(0);
  expect(JSON.parse(ok.stdout).properties.x).toBe(500);
});

test('an inheritance chain past 500: blueprint/inheritance-too-deep at the first parent past it; 300 deep masters', async () => {
  const chain = (n: number) => {
    let s = '@blueprint B0\n  @property x = 0\n@end\n';
    for (let i = 1; i <= n; i++) s += `@blueprint B${i} : B${i - 1}\n@end\n`;
    return s;
  };
  const deep = await runCli(['master', 'c.bp', 'B600'], { 'c.bp': chain(600) });
  expect(deep.code).toBe(1);
  // B501 is on line 4 + 2 * 500
  expect(deep.stderr).toMatch(/^c\.bp:1004:\d+: error\[blueprint\/inheritance-too-deep\]: B501 /);
  const ok = await runCli(['master', 'c.bp', 'B300', '--json'], { 'c.bp': chain(300) });
  expect(ok.code).toBe(0);
  expect(JSON.parse(ok.stdout).properties.x).toBe(0);
}, 30_000);

test('names KIF reads as keywords (or, not) are data in the blueprint facts: no message points into generated text', async () => {
  const lib = '@blueprint A\n  @domain kind = or not\n@end\n@blueprint B\n  @property pick = (pickOne [kind: or])\n@end\n';
  const r = await runCli(['master', 'k.bp', 'B', '--json'], { 'k.bp': lib });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout).properties.pick.blueprint).toBe('A');
  const q = await runCli(['query', 'k.bp', '-g', '(declares A kind ?k)'], { 'k.bp': lib });
  expect(q.stdout).toBe('(declares A kind "not")\n(declares A kind "or")\n');
});

test('a (strcat ...) past 2^20 characters: blueprint/string-too-long at the strcat', async () => {
  const lib = `@blueprint A\n  @function dbl ($x) = (strcat $x $x)\n  @property s = ${'(dbl '.repeat(32)}"ab"${')'.repeat(32)}\n@end\n`;
  const r = await runCli(['master', 's.bp', 'A'], { 's.bp': lib });
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/^s\.bp:2:24: error\[blueprint\/string-too-long\]/);
});

test('a layer analysis that hits --max-facts points at the user\'s rule, not the generated text', async () => {
  // 300 facts: the file's own evaluation fits, the possibility model does not; generate needs no
  // possibility model (the order is proved from the rule text), analyze says what it could not decide
  expect((await runCli(['generate', 'rules/map.gdl', '--max-facts', '300'])).code).toBe(0);
  const r = await runCli(['analyze', 'rules/map.gdl', '--max-facts', '300']);
  expect(r.code).toBe(0);
  expect(r.stdout + r.stderr).toMatch(/rules\/map\.gdl:37:1: warning\[layers\/completeness\]: could not decide completeness and noninterference within the budget: .*raise --max-facts \(now 300\)/);
  expect(r.stdout + r.stderr).not.toContain('<possible outcomes>');
});

test('maxOf and pushAll take arrays far past the ~100,000 arguments a spread can pass', () => {
  const big = Array.from({ length: 300_000 }, (_, i) => i % 1000);
  expect(maxOf(big)).toBe(999);
  expect(pushAll([1], big).length).toBe(300_001);
  expect(() => Math.max(...Array.from({ length: 3_000_000 }, () => 1))).toThrow(RangeError);
});

test('a long source line is shown as a window around the error, the caret under the right character', () => {
  const line = 'x'.repeat(5000) + 'Y' + 'x'.repeat(5000);
  const span = { file: 'f', line: 1, column: 5001, offset: 5000, endLine: 1, endColumn: 5002, endOffset: 5001 };
  const [, shown, caret] = formatDiagnostic({ code: 'c' as Code, severity: 'error', message: 'm', span }, line).split('\n') as [string, string, string];
  expect(shown.length).toBeLessThanOrEqual(202);
  expect(shown[caret.indexOf('^')]).toBe('Y');
});

test('explain reads the recorded steps and agrees with the datascript store built from them', () => {
  const g = compileGrammar(readRepoFile('rules/dungeon.gdl'), { file: 'rules/dungeon.gdl' });
  for (const seed of [0, 1, 2]) {
    const a = generateFrom(g, seed, { explain: true });
    expect(explain(a)).toBe(explainStore(historyOf(a).store, seed));
    expect(historyOf(a).store.history().length).toBeGreaterThan(0);
  }
});

test('the memory guard: after a collection, deep nodes shorten the wait before the next (it is measured in weight, not nodes)', () => {
  let fresh = false;
  let settled = 0;
  // every measurement is over the budget, except the one right after a collection
  const used = () => (fresh ? ((fresh = false), 50) : 200);
  const chain = '(start s) (maxdepth 100000) (maxnodes 100000) (rule s one 1) (rule s end 0) (child one 0 s)\n(<= (force ?n end) (depth ?n 3000))';
  generateFrom(compileGrammar(chain), 0, { memory: { limit: 100, every: 8, used, settle: () => void (settled++, (fresh = true)) } });
  // 3,001 nodes: a wait of 16 × 8 nodes allows at most 24 collections; the paths' weight (about 7,400) allows about 54
  expect(settled).toBeGreaterThan(40);
});
