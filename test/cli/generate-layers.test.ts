import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../src/cli/args.js';
import { isLayerProgram, runLayerGenerate } from '../../src/cli/commands/generate-layers.js';
import { UsageError, type Io } from '../../src/cli/io.js';
import { loadProgram } from '../../src/program/load.js';
import { repoRoot, runCli } from './fake-io.js';

/** The options the generate command passes on (the layer runner reads these). */
const OPTIONS = { seed: { type: 'string' }, json: { type: 'boolean' }, param: { type: 'string', multiple: true } } as const;

function run(file: string, argv: string[], text?: string) {
  const source = text ?? readFileSync(resolve(repoRoot, file), 'utf8');
  const program = loadProgram([{ file, text: source }]);
  let stdout = '';
  let stderr = '';
  const io: Io = { out: (t) => void (stdout += t), err: (t) => void (stderr += t), errIsTTY: false, readFile: () => source };
  const code = runLayerGenerate(program, parseCommandArgs('generate', [file, ...argv], { ...OPTIONS }), io, new Map([[file, source]]));
  return { code, stdout, stderr };
}

describe('gramlog generate on a layer file', () => {
  it('recognises layer files', () => {
    expect(isLayerProgram(loadProgram([{ file: 'a', text: '(layer a 1)' }]))).toBe(true);
    expect(isLayerProgram(loadProgram([{ file: 'a', text: '(rule a b 1)' }]))).toBe(false);
  });

  it('prints the layers of building.gdl with grids and the floor plan, deterministic by seed', () => {
    const a = run('rules/building.gdl', ['--seed', '7']);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/^seed 7\n\nlayer wing \(order 1\): 16 site\(s\)/);
    expect(a.stdout).toContain('layer stairs (order 2): 12 site(s)');
    expect(a.stdout).toContain('plan (rows: first key argument, columns: second; W wing, S stairs, D door; . nothing placed)');
    expect(a.stdout.split('\n').filter((l) => /^\s+[1-4]  /.test(l)).length).toBe(4 + 3 + 4 + 4);
    expect(run('rules/building.gdl', ['--seed', '7']).stdout).toBe(a.stdout);
    expect(run('rules/building.gdl', ['--seed', '8']).stdout).not.toBe(a.stdout);
  });

  it('prints JSON {seed, layers} with canonical terms, and applies --param', () => {
    const r = run('rules/building.gdl', ['--seed', '3', '--json', '--param', 'wingchance=0']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(['seed', 'layers']);
    expect(json.seed).toBe(3);
    expect(json.layers.map((l: { name: string }) => l.name)).toEqual(['wing', 'stairs', 'door']);
    expect(json.layers[0].placed).toEqual([]);
    expect(json.layers[1].placed).toHaveLength(3);
    expect(json.layers[1].sites[0]).toBe('(at 1 e)');
    expect(run('rules/building.gdl', ['--seed', 'abc', '--json']).stdout).toMatch(/^\{\n {2}"seed": "abc",/);
  });

  it('exits 1 and says so when the artifact derives violation facts', () => {
    const text = '(layer a 1) (site a 1) (chance a 1) (<= (violation taken ?k) (placed a ?k))';
    const r = run('v.gdl', ['--json'], text);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).violations).toEqual(['(violation taken 1)']);
    expect(r.stderr).toBe('gramlog generate: seed 0 derives 1 violation fact(s)\n');
  });

  it('turns a bad --param into a usage error', () => {
    expect(() => run('rules/building.gdl', ['--param', 'wingchance'])).toThrow(UsageError);
    expect(() => run('rules/building.gdl', ['--param', 'nope=1'])).toThrow(/its params are wingchance/);
  });

  it('rejects a forward reference with an error at the literal', () => {
    expect(() => run('rules/layers-forward.gdl', [])).toThrow(/door \(order 2\) is not below stairs \(order 1\)/);
  });
});

// Through `main` once the generate command (issue 4) hands layer files over.
const probe = await runCli(['generate', 'rules/building.gdl', '--seed', '7']);
const dispatches = probe.code === 0 && probe.stdout.startsWith('seed 7\n');
if (!dispatches) console.warn('skipping gramlog generate end to end on layer files: the generate command does not dispatch to them yet');
describe.skipIf(!dispatches)('gramlog generate on a layer file, through main', () => {
  it('prints the same text as the layer runner and exits 1 on a forward reference', async () => {
    expect(probe.stdout).toBe(run('rules/building.gdl', ['--seed', '7']).stdout);
    const bad = await runCli(['generate', 'rules/layers-forward.gdl']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/rules\/layers-forward\.gdl:22:10: error\[layers\/forward\]/);
  });
});
