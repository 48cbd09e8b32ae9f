import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runBin, runCli } from './fake-io.js';

const forward = '(layer a 1) (layer b 2) (site a 1) (site b 1)\n(<= (allow a ?k) (site a ?k) (not (placed b ?k)))\n';
const cycle = forward + '(<= (allow b ?k) (site b ?k) (not (placed a ?k)))\n';

describe('gramlog analyze', () => {
  it('reports no findings on building.gdl, with what it proved, exit 0', async () => {
    const r = await runCli(['analyze', 'rules/building.gdl']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^rules\/building\.gdl: layers wing 1, stairs 2, door 3\n/);
    expect(r.stdout).toMatch(/note: layer stairs is sequentially complete: enumerated/);
    expect(r.stdout).toMatch(/no findings\n$/);
  });

  it('prints warnings with spans and carets for the incomplete variant, exit 0', async () => {
    const r = await runCli(['analyze', 'rules/building-incomplete.gdl']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('rules/building-incomplete.gdl:48:1: warning[completeness]: layer stairs is not sequentially complete');
    expect(r.stdout).toContain('\n(between stairs 1 1)\n^~~~');
    expect(r.stdout).toMatch(/rules\/building-incomplete\.gdl:60:37: warning\[noninterference\]: the mask of chimney reads \(placed wing KEY\)/);
    expect(r.stdout).toMatch(/0 error\(s\), 2 warning\(s\)\n$/);
  });

  it('prints the counterexample of the 4x4 map as grids and as facts', async () => {
    const r = await runCli(['analyze', 'rules/map.gdl']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('warning[completeness]: layer house is not sequentially complete: when water places (at 1 1)');
    expect(r.stdout).toContain('counterexample: an outcome of the earlier layers (# placed, . allowed but not placed, - not allowed)\n  layer water (order 1): 16 site(s), 16 placed\n         1 2 3 4\n      4  # # # #\n');
    expect(r.stdout).toContain('  layer house (order 3): 0 of 16 site(s) allowed: it fails here\n');
    expect(r.stdout).toContain('  as facts: (placed water (at 1 1)) (placed water (at 1 2))');
    const j = await runCli(['analyze', 'rules/map.gdl', '--json']);
    const json = JSON.parse(j.stdout) as { findings: Array<{ outcome?: string[] }> };
    expect(json.findings[0]?.outcome).toHaveLength(16);
  });

  it('prints the JSON the issue specifies', async () => {
    const r = await runCli(['analyze', 'rules/building-incomplete.gdl', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as { file: string; findings: Array<Record<string, unknown>> };
    expect(Object.keys(json)).toEqual(['file', 'findings']);
    expect(json.file).toBe('rules/building-incomplete.gdl');
    expect(json.findings.map((f) => Object.keys(f))).toEqual([
      ['check', 'severity', 'layers', 'message', 'line', 'column', 'outcome'],
      ['check', 'severity', 'layers', 'message', 'line', 'column'],
    ]);
    expect(json.findings.map((f) => [f.check, f.severity, f.layers, f.line, f.column])).toEqual([
      ['completeness', 'warning', ['stairs', 'wing', 'door'], 48, 1],
      ['noninterference', 'warning', ['chimney', 'wing'], 60, 37],
    ]);
    const clean = JSON.parse((await runCli(['analyze', 'rules/building.gdl', '--json'])).stdout);
    expect(clean).toEqual({ file: 'rules/building.gdl', findings: [] });
  });

  it('exits 1 on a forward reference or a cycle', async () => {
    const shipped = await runCli(['analyze', 'rules/layers-forward.gdl']);
    expect(shipped.code).toBe(1);
    expect(shipped.stdout).toMatch(/rules\/layers-forward\.gdl:22:10: error\[forward\]: the rule for \(allow stairs \(at \?f \?w\)\) \(line 19\) of layer stairs reads \(not \(placed door \(at \?g \?w\)\)\)/);
    const f = await runCli(['analyze', 'f.gdl'], { 'f.gdl': forward });
    expect(f.code).toBe(1);
    expect(f.stdout).toContain('f.gdl:2:35: error[forward]: the rule for (allow a ?k) (line 2) of layer a reads (not (placed b ?k))');
    const c = await runCli(['analyze', 'c.gdl', '--json'], { 'c.gdl': cycle });
    expect(c.code).toBe(1);
    const json = JSON.parse(c.stdout) as { findings: Array<{ check: string; severity: string; layers: string[] }> };
    expect(json.findings.map((x) => [x.check, x.severity, [...x.layers].sort()])).toEqual([['cycle', 'error', ['a', 'b']]]);
  });

  it('exits 1 on a file that is not a valid layer file, 2 on usage errors', async () => {
    const none = await runCli(['analyze', 'n.gdl'], { 'n.gdl': '(p 1)\n' });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/error\[layers\/none\]: the file declares no layer/);
    const unsafe = await runCli(['analyze', 'u.gdl'], { 'u.gdl': '(layer a 1)\n(<= (site a ?k) (not (q ?k)))\n' });
    expect(unsafe.code).toBe(1);
    expect(unsafe.stderr).toMatch(/u\.gdl:2:.*error\[safety\]/);
    expect((await runCli(['analyze'])).code).toBe(2);
    expect((await runCli(['analyze', 'rules/building.gdl', 'rules/building.gdl'])).code).toBe(2);
    expect((await runCli(['analyze', 'missing.gdl'])).code).toBe(2);
    const param = await runCli(['analyze', 'rules/building.gdl', '--param', 'nope=1']);
    expect(param.code).toBe(2);
    expect(param.stderr).toMatch(/its params are wingchance/);
  });

  it('applies --param before analyzing', async () => {
    const text = '(param n 1) (layer a 1) (layer b 2) (site a 1) (site a 2) (site b 1) (site b 2) (<= (between a 0 ?n) (param n ?n)) (between b 1 2)\n(<= (allow b ?k) (site b ?k) (not (placed a ?k)))\n';
    expect((await runCli(['analyze', 'p.gdl'], { 'p.gdl': text })).stdout).toContain('no findings');
    const wide = await runCli(['analyze', 'p.gdl', '--param', 'n=2'], { 'p.gdl': text });
    expect(wide.code).toBe(0);
    expect(wide.stdout).toContain('warning[completeness]');
  });
});

const distAnalyze = join(repoRoot, 'dist/cli/commands/analyze.js');
const built = existsSync(distAnalyze) && readFileSync(distAnalyze, 'utf8').includes('analyzeLayers');
if (!built) console.warn('skipping the binary test of gramlog analyze: dist/ is missing or older than the analyze command (run npm run build)');
describe.skipIf(!built)('gramlog analyze, the installed binary', () => {
  it('exits 0 with warnings and 1 on a forward reference', () => {
    const ok = runBin('analyze', 'rules/building-incomplete.gdl', '--json');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).findings).toHaveLength(2);
    const bad = runBin('analyze', 'rules/layers-forward.gdl');
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/rules\/layers-forward\.gdl:22:10: error\[forward\]/);
  });
});
