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
    expect(r.stdout).toContain('rules/building-incomplete.gdl:48:1: warning[layers/completeness]: layer stairs is not sequentially complete');
    expect(r.stdout).toContain('\n(between stairs 1 1)\n^~~~');
    expect(r.stdout).toMatch(/rules\/building-incomplete\.gdl:60:37: warning\[layers\/noninterference\]: the mask of chimney reads \(placed wing KEY\)/);
    expect(r.stdout).toMatch(/0 error\(s\), 2 warning\(s\)\n$/);
  });

  it('prints the counterexample of the 4x4 map as grids and as facts', async () => {
    const r = await runCli(['analyze', 'rules/map.gdl']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('warning[layers/completeness]: layer house is not sequentially complete: when water places (at 1 1)');
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
    expect(Object.keys(json)).toEqual(['format', 'file', 'findings']);
    expect(json.file).toBe('rules/building-incomplete.gdl');
    expect(json.findings.map((f) => Object.keys(f))).toEqual([
      ['check', 'severity', 'layers', 'message', 'line', 'column', 'outcome'],
      ['check', 'severity', 'layers', 'message', 'line', 'column'],
    ]);
    expect(json.findings.map((f) => [f.check, f.severity, f.layers, f.line, f.column])).toEqual([
      ['layers/completeness', 'warning', ['stairs', 'wing', 'door'], 48, 1],
      ['layers/noninterference', 'warning', ['chimney', 'wing'], 60, 37],
    ]);
    const clean = JSON.parse((await runCli(['analyze', 'rules/building.gdl', '--json'])).stdout);
    expect(clean).toEqual({ format: 'analyze-layers/2', file: 'rules/building.gdl', findings: [] });
  });

  it('exits 1 on a forward reference or a cycle', async () => {
    const shipped = await runCli(['analyze', 'rules/layers-forward.gdl']);
    expect(shipped.code).toBe(1);
    expect(shipped.stdout).toMatch(/rules\/layers-forward\.gdl:22:10: error\[layers\/forward\]: the rule for \(allow stairs \(at \?f \?w\)\) \(line 19\) of layer stairs reads \(not \(placed door \(at \?g \?w\)\)\)/);
    const f = await runCli(['analyze', 'f.gdl'], { 'f.gdl': forward });
    expect(f.code).toBe(1);
    expect(f.stdout).toContain('f.gdl:2:35: error[layers/forward]: the rule for (allow a ?k) (line 2) of layer a reads (not (placed b ?k))');
    const c = await runCli(['analyze', 'c.gdl', '--json'], { 'c.gdl': cycle });
    expect(c.code).toBe(1);
    const json = JSON.parse(c.stdout) as { findings: Array<{ check: string; severity: string; layers: string[] }> };
    expect(json.findings.map((x) => [x.check, x.severity, [...x.layers].sort()])).toEqual([['layers/cycle', 'error', ['a', 'b']]]);
  });

  it('exits 1 on an invalid file, 2 on usage errors', async () => {
    // a rule file that is no layer file is read as a tree grammar (the default style), and says what it lacks
    const none = await runCli(['analyze', 'n.gdl'], { 'n.gdl': '(p 1)\n' });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/error\[generate\/no-start\]: the rule file declares no \(start SYMBOL\)/);
    const unsafe = await runCli(['analyze', 'u.gdl'], { 'u.gdl': '(layer a 1)\n(<= (site a ?k) (not (q ?k)))\n' });
    expect(unsafe.code).toBe(1);
    expect(unsafe.stderr).toMatch(/u\.gdl:2:.*error\[safety\]/);
    expect((await runCli(['analyze'])).code).toBe(2);
    expect((await runCli(['analyze', 'missing.gdl'])).code).toBe(2);
    const param = await runCli(['analyze', 'rules/building.gdl', '--param', 'nope=1']);
    expect(param.code).toBe(2);
    expect(param.stderr).toMatch(/its params are wingchance/);
  });

  it('a game: says which command takes it; a tree grammar is analyzed as one', async () => {
    const game = await runCli(['analyze', 'games/tictactoe.kif']);
    expect(game.code).toBe(1);
    expect(game.stderr).toMatch(/^games\/tictactoe\.kif:1:1: error\[generate\/no-start\]: .*\(it has role facts: a GDL game, which gramlog validate checks\)/);
    const tree = await runCli(['analyze', 'rules/tree.gdl']);
    expect(tree.code).toBe(0);
    expect(tree.stdout).toMatch(/^rules\/tree\.gdl: tree grammar, 2 nonterminals, 5 rules, start tree, maxdepth 64\n/);
    expect((await runCli(['analyze', 'rules/family.kif'])).stderr).toMatch(/error\[generate\/no-start\]/);
  });

  it('takes rule files after the first, loaded as one program (every style)', async () => {
    const r = await runCli(['analyze', 'g.gdl', 'more.gdl'], { 'g.gdl': '(start s) (rule s a 1) (child a 0 t)\n', 'more.gdl': '(rule t b 1)\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('t: b (smallest subtree: 0 levels)');
  });

  it('applies --param before analyzing', async () => {
    const text = '(param n 1) (layer a 1) (layer b 2) (site a 1) (site a 2) (site b 1) (site b 2) (<= (between a 0 ?n) (param n ?n)) (between b 1 2)\n(<= (allow b ?k) (site b ?k) (not (placed a ?k)))\n';
    expect((await runCli(['analyze', 'p.gdl'], { 'p.gdl': text })).stdout).toContain('no findings');
    const wide = await runCli(['analyze', 'p.gdl', '--param', 'n=2'], { 'p.gdl': text });
    expect(wide.code).toBe(0);
    expect(wide.stdout).toContain('warning[layers/completeness]');
  });
});

describe('gramlog analyze on a graph grammar', () => {
  it('lists each rule with how its sites are found: rooms.gdl all local, exit 0', async () => {
    const r = await runCli(['analyze', 'rules/rooms.gdl']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('rules/rooms.gdl: graph grammar (.gdl rules), 2 rules in 1 stage\nstage 0: matched incrementally\n  dig (weight 3): local\n  lock (weight 1): local\nno findings\n');
  });

  it('names the global rules and why, as one JSON line', async () => {
    const r = await runCli(['analyze', 'rules/mission.gdl', '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    const j = JSON.parse(r.stdout) as { kind: string; stages: Array<{ matching: string; rules: Array<{ name: string; locality: string; why?: string }> }>; findings: unknown[] };
    expect(j.kind).toBe('graph');
    expect(j.stages.map((s) => s.matching)).toEqual(['whole graph', 'whole graph']);
    const lock = j.stages[0]?.rules.find((x) => x.name === 'lock');
    expect(lock).toMatchObject({ locality: 'global' });
    expect(lock?.why).toMatch(/shares no node variable with the head/);
    expect(j.findings).toEqual([]);
  });

  it('a JSON grammar: its stages by name; a label typo stays a located load error', async () => {
    const r = await runCli(['analyze', 'rules/mission.json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^rules\/mission\.json: graph grammar \(JSON\), 9 rules in 2 stages\nlayout: matched incrementally\n/);
    const bad = await runCli(['analyze', 'g.json'], { 'g.json': '{"start": "room", "rules": [{"lhs": "rom", "rhs": "hall"}]}' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^g\.json:1:\d+: error\[graph\/stage-never-applies\]/);
  });

  it('a .gdl rule needing a label nothing makes: a located error, exit 1, and generate fails the same way', async () => {
    const text = '(graphstart room)\n(graphrule dig 1)\n(<= (dig ?r) (node ?r rom))\n(rewrite dig (node ?r hall))\n';
    const r = await runCli(['analyze', 'g.gdl'], { 'g.gdl': text });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('g.gdl:3:23: error[graph/stage-never-applies]: stage 0 can never apply: no rule can match, e.g. rule dig needs a node labelled rom, which neither (graphstart room) nor any rewrite that can run before it makes (did you mean room?)\n(<= (dig ?r) (node ?r rom))\n                      ^~~');
    const json = await runCli(['analyze', 'g.gdl', '--json'], { 'g.gdl': text });
    expect(JSON.parse(json.stdout).findings).toEqual([expect.objectContaining({ check: 'graph/stage-never-applies', severity: 'error', line: 3, column: 23 })]);
    const g = await runCli(['generate', 'g.gdl', '--seed', '1'], { 'g.gdl': text });
    expect(g.code).toBe(1);
    expect(g.stderr).toMatch(/^g\.gdl:3:23: error\[graph\/stage-never-applies\]/);
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
    expect(bad.stdout).toMatch(/rules\/layers-forward\.gdl:22:10: error\[layers\/forward\]/);
  });
});
