import { describe, expect, it } from 'vitest';
import { runCli } from './fake-io.js';

describe('gramlog generate on a graph grammar', () => {
  it('--json prints one line {seed, nodes, edges, steps}; --count gives one line per seed', async () => {
    const r = await runCli(['generate', 'rules/mission.json', '--seed', '3', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const json = JSON.parse(lines[0] as string);
    expect(Object.keys(json)).toEqual(['format', 'seed', 'nodes', 'edges', 'steps']);
    expect(json.seed).toBe(3);
    expect(json.nodes.filter((n: { label: unknown }) => n.label === 'entrance')).toHaveLength(1);
    const many = await runCli(['generate', 'rules/mission.json', '--seed', '3', '--count', '4', '--json']);
    const seeds = many.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).seed);
    expect(seeds).toEqual([3, 4, 5, 6]);
    expect(many.stdout.split('\n')[0]).toBe(lines[0]);
  });

  it('--format dot honours graphgram dot attributes', async () => {
    const r = await runCli(['generate', 'rules/mission.json', '--seed', '3', '--format', 'dot']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\/\/ gramlog generate rules\/mission.json --seed 3: \d+ nodes/);
    expect(r.stdout).toContain('digraph G {');
    expect(r.stdout).toContain('[label="goal",shape="doublecircle"]');
    expect(r.stdout).toContain('[label="entrance"]');
  });

  it('--explain prints every rewrite from the history store', async () => {
    const r = await runCli(['generate', 'rules/mission.json', '--seed', '3', '--explain']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^seed 3\nstep 1 \(layout, iteration 0\): begin {2}\[1 site\]\n {2}match a=1\n {2}- node 1 START\n {2}\+ node 2 entrance, \+ node 3 task, \+ node 4 goal\n/);
    expect(r.stdout).toMatch(/result: \d+ nodes, \d+ edges, \d+ rewrites\n$/);
  });

  it('violation rules in a second file: printed, exit 1', async () => {
    const files = { 'v.gdl': '(<= (violation has-monster ?n) (nodeattr ?n name monster))' };
    const r = await runCli(['generate', 'rules/mission.json', 'v.gdl', '--seed', '3'], files);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/violations \(\d+\):\n {2}\(violation has-monster \d+\)/);
    expect(r.stderr).toMatch(/seed 3 derives \d+ violation fact/);
  });

  it('--graph starts from a graphlib JSON graph', async () => {
    const files = {
      'g.json': '{"rules": [{"lhs": "A", "rhs": ["B", "C"]}]}',
      'start.json': '{"nodes": [{"v": "p", "value": "A"}, {"v": "q", "value": "Z"}], "edges": [{"v": "q", "w": "p", "value": "in"}]}',
    };
    const r = await runCli(['generate', 'g.json', '--graph', 'start.json', '--json'], files);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.nodes).toEqual([{ id: 'q', label: 'Z' }, { id: '1', label: 'B' }, { id: '2', label: 'C' }]);
    expect(json.edges).toEqual([{ v: 'q', w: '1', label: 'in' }, { v: '1', w: '2', label: null }]);
  });

  it('a bad grammar: file:line:col, the JSON path, the code; exit 1', async () => {
    const files = { 'bad.json': '{"rules": [\n  {"lhs": "x", "rhs": "y", "condition": "$a.label == 1"}\n]}' };
    const r = await runCli(['generate', 'bad.json'], files);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^bad\.json:2:41: error\[graph\/javascript\]: rules\[0\]\.condition \(rule rule #0\): condition is JavaScript/);
  });

  it('a .gdl graph grammar generates, the same for the same seed', async () => {
    const a = await runCli(['generate', 'rules/mission.gdl', '--seed', '5', '--json']);
    expect(a.code).toBe(0);
    const json = JSON.parse(a.stdout);
    expect(json.nodes.filter((n: { label: unknown }) => n.label === 'boss')).toHaveLength(1);
    expect((await runCli(['generate', 'rules/mission.gdl', '--seed', '5', '--json'])).stdout).toBe(a.stdout);
  });
});

describe('gramlog check on a graph grammar', () => {
  it('holds for the mission invariants', async () => {
    const r = await runCli(['check', 'rules/mission.json', 'rules/mission-checks.gdl', '--runs', '50']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('ok, 50 runs held');
  });

  it('finds and shrinks a counterexample, with the command that replays it', async () => {
    const files = { 'v.gdl': '(<= (violation many-monsters) (nodeattr ?a name monster) (nodeattr ?b name monster) (nodeattr ?c name monster) (distinct ?a ?b) (distinct ?a ?c) (distinct ?b ?c))' };
    const r = await runCli(['check', 'rules/mission.json', 'v.gdl', '--runs', '200', '--json'], files);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json.violations).toEqual(['(violation many-monsters)']);
    expect(json.violationRules).toEqual([{ file: 'v.gdl', line: 1, col: 1 }]);
    expect(json.replay).toBe(`gramlog generate rules/mission.json v.gdl --seed ${json.counterexample.seed}`);
    const replay = await runCli(['generate', 'rules/mission.json', 'v.gdl', '--seed', String(json.counterexample.seed)], files);
    expect(replay.code).toBe(1);
    // generate --json names the rule beside the fact, as check does
    const replayJson = JSON.parse((await runCli(['generate', 'rules/mission.json', 'v.gdl', '--seed', String(json.counterexample.seed), '--json'], files)).stdout);
    expect(replayJson.format).toBe('generate-graph/4');
    expect(replayJson.violationRules).toEqual(json.violationRules);
  });
});

describe('gramlog generate --graph errors', () => {
  it('a grammar given as the start graph is an error naming the key, exit 1', async () => {
    const r = await runCli(['generate', 'rules/mission.gdl', '--graph', 'rules/mission.json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^rules\/mission\.json:2:11: error\[graph\/bad-graph\]: name: a graphlib JSON graph has the keys options, nodes, edges and value, not "name"/);
  });

  it('an edge to an unknown node', async () => {
    const files = { 'g.json': '{"nodes": [{"v": "a"}], "edges": [{"v": "a", "w": "b"}]}' };
    const r = await runCli(['generate', 'rules/mission.json', '--graph', 'g.json'], files);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^g\.json:1:51: error\[graph\/bad-graph\]: edges\[0\]\.w: unknown node b/);
  });
});

describe('a grammar without start', () => {
  it('needs --graph: a clear error, not an empty graph', async () => {
    const files = { 'ns.json': '{"rules": [{"lhs": "A", "rhs": "B"}]}' };
    const r = await runCli(['generate', 'ns.json'], files);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^ns\.json:1:1: error\[graph\/no-start\]: the grammar has no "start" label: give it a "start", or give a start graph \(--graph FILE/);
  });
});
