/**
 * Blueprint mastering has a budget of function calls and of masters per
 * master (blueprint/budget, located at the call or the reference that ran out).
 */
import { describe, expect, it } from 'vitest';
import { parseBlueprints } from '../../src/generate/blueprints/library.js';
import { DEFAULT_MAX_CALLS, master } from '../../src/generate/blueprints/master.js';
import { errorOf, readRepoFile } from '../helpers.js';
import { runCli } from '../cli/fake-io.js';

/** f0 calls f1 four times, ..., f19 calls f20 four times: 4^20 calls in all. */
function exponentialCalls(depth: number): string {
  const fns = Array.from({ length: depth }, (_, i) => `  @function f${i} ($x) = (+ (f${i + 1} $x) (f${i + 1} $x) (f${i + 1} $x) (f${i + 1} $x))`);
  return `@blueprint Boom\n${fns.join('\n')}\n  @function f${depth} ($x) = $x\n  @property v = (f0 1)\n@end\n`;
}

/** B0 holds ten B1, each ten B2, ...: 10^levels masters in all. */
function wideMasters(levels: number): string {
  const out: string[] = [];
  for (let i = 0; i < levels; i++) out.push(`@blueprint B${i}\n  @property kids = (${Array(10).fill(`B${i + 1}`).join(' ')})\n@end`);
  out.push(`@blueprint B${levels}\n  @property leaf = 1\n@end`);
  return out.join('\n') + '\n';
}

describe('blueprint budgets', () => {
  it('functions calling each other 4^20 times stop at the call that ran out', () => {
    const lib = parseBlueprints(exponentialCalls(20), { file: 'boom.bp' });
    const e = errorOf(() => master(lib, 'Boom', { maxCalls: 10_000 }));
    expect(e.code).toBe('blueprint/budget');
    expect(e.message).toContain('more than 10000 function calls');
    expect(e.span?.file).toBe('boom.bp');
    expect(e.span?.line).toBeGreaterThan(1);
  });

  it('the same with the default budget ends within seconds', () => {
    const lib = parseBlueprints(exponentialCalls(20), { file: 'boom.bp' });
    const t = performance.now();
    const e = errorOf(() => master(lib, 'Boom'));
    expect(e.message).toContain(`more than ${DEFAULT_MAX_CALLS} function calls`);
    expect(performance.now() - t).toBeLessThan(30_000); // a guard: unbounded, it runs for days
  });

  it('calls within the budget give the value', () => {
    const lib = parseBlueprints(exponentialCalls(5), { file: 'boom.bp' });
    expect(master(lib, 'Boom', { maxCalls: 4 ** 6 }).properties['v']).toBe(4 ** 5);
  });

  it('masters nesting 10^7 masters stop at the reference that ran out', () => {
    const lib = parseBlueprints(wideMasters(7), { file: 'wide.bp' });
    const e = errorOf(() => master(lib, 'B0', { maxMasters: 1000 }));
    expect(e.code).toBe('blueprint/budget');
    expect(e.message).toContain('more than 1000 blueprints mastered');
    expect(e.span?.file).toBe('wide.bp');
    const small = master(parseBlueprints(wideMasters(2), { file: 'w.bp' }), 'B0', { maxMasters: 111 });
    expect((small.properties['kids'] as unknown[]).length).toBe(10);
  });

  it('the bundled blueprint library masters every blueprint under the defaults', () => {
    const lib = parseBlueprints(readRepoFile('rules/items.bp'), { file: 'rules/items.bp' });
    let n = 0;
    for (const [key, def] of lib.definitions) {
      if (def.kind === 'mod') continue;
      for (let seed = 0; seed < 5; seed++) master(lib, key, { seed, maxCalls: 1000, maxMasters: 1000 });
      n++;
    }
    expect(n).toBeGreaterThan(3);
  });

  it('gramlog master --max-calls / --max-masters: a located error, exit 1', async () => {
    const r = await runCli(['master', 'boom.bp', 'Boom', '--max-calls', '100', '--json'], { 'boom.bp': exponentialCalls(20) });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^boom\.bp:\d+:\d+: error\[blueprint\/budget\]/);
    const w = await runCli(['master', 'wide.bp', 'B0', '--max-masters', '50'], { 'wide.bp': wideMasters(7) });
    expect(w.code).toBe(1);
    expect(w.stderr).toMatch(/^wide\.bp:\d+:\d+: error\[blueprint\/budget\]/);
    expect((await runCli(['master', 'wide.bp', 'B0', '--max-masters', 'lots'], { 'wide.bp': wideMasters(7) })).code).toBe(2);
  });
});
