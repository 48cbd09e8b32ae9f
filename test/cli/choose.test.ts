import { describe, expect, it } from 'vitest';
import type { CheckJson } from '../../src/cli/commands/check.js';
import { artifactGenerator } from '../../src/check/index.js';
import { readRepoFile } from '../helpers.js';
import { load } from '../helpers.js';
import { runCli } from './fake-io.js';

/** rules/tree.gdl with a planted invariant: at most one flower. */
const tree = readRepoFile('rules/tree.gdl') + '\n(<= (violation two-flowers ?k) (applied flower ?k) (>= ?k 2))\n';
const files = { 'tree.gdl': tree };

/** Split a POSIX-quoted command line (single quotes only, as shellQuote writes). */
function shellWords(command: string): string[] {
  const out: string[] = [];
  for (const m of command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)) out.push(m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : (m[2] as string));
  return out;
}

describe('gramlog generate --choose / --replay', () => {
  it('forces a node rule, and refuses one the grammar does not allow there, with did-you-mean (exit 2)', async () => {
    const forced = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '42', '--choose', 'n=bossArea']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toBe('seed 42\narea -> bossArea  (boss=yes h=64 w=64 x=0 y=0)  {size=4096}\n  boss\n');
    const typo = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '42', '--choose', 'n/0=rom']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('--choose n/0=rom: rom is not a rule of area, the nonterminal at n/0 (its rules: bossArea, hDivideBottom, hDivideTop, room, tArea, vDivideLeft, vDivideRight); did you mean room?');
    const swapped = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '42', '--choose', 'n/0=romo']);
    expect(swapped.stderr).toContain('romo is not a rule of area, the nonterminal at n/0 (its rules: bossArea, hDivideBottom, hDivideTop, room, tArea, vDivideLeft, vDivideRight); did you mean room?');
    const forbidden = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '42', '--choose', 'n/0=room']);
    expect(forbidden.code).toBe(2);
    expect(forbidden.stderr).toContain('--choose n/0=room: the file\'s pre-selectors leave room no weight at n/0 (area)');
    const path = await runCli(['generate', 'rules/dungeon.gdl', '--seed', '42', '--choose', 'n/0/9=room']);
    expect(path.code).toBe(2);
    expect(path.stderr).toContain('the artifact has no nonterminal node n/0/9; did you mean n/0/1?');
    const malformed = await runCli(['generate', 'rules/dungeon.gdl', '--choose', 'room']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain("--choose takes PATH=RULE (e.g. n/0=leaf), not 'room'");
  });

  it('forces base bits of a layer file, only where the chances allow that draw', async () => {
    const on = await runCli(['generate', 'rules/map.gdl', '--seed', '1', '--json', ...['1 1', '1 2'].map((k) => `--choose=water:(at ${k})=on`)]);
    const json = JSON.parse(on.stdout) as { layers: Array<{ name: string; placed: string[] }> };
    expect(json.layers[0]?.placed).toEqual(expect.arrayContaining(['(at 1 1)', '(at 1 2)']));
    const site = await runCli(['generate', 'rules/map.gdl', '--choose', 'house:(at 1 9)=off']);
    expect(site.code).toBe(2);
    expect(site.stderr).toContain('(at 1 9) is not a site of layer house here; did you mean (at 1 1)?');
    const layer = await runCli(['generate', 'rules/map.gdl', '--choose', 'hose:(at 1 1)=off']);
    expect(layer.code).toBe(2);
    expect(layer.stderr).toContain('hose is not a layer of this file; did you mean house?');
  });

  it('gramlog check prints a shrunk grammar counterexample whose replay command and replay file reproduce exactly it', async () => {
    const r = await runCli(['check', 'tree.gdl', '--json', '--seed', '5', '--runs', '300'], files);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as CheckJson;
    const cx = out.counterexample!;
    expect(Object.keys(cx.choose ?? {}).length).toBeGreaterThan(0);
    expect(out.sizes!.after).toBeLessThan(out.sizes!.before);
    expect(out.replay).toContain(' --choices ');
    const expected = artifactGenerator(load(tree, 'tree.gdl')).generate(cx.seed, cx.params, cx.choose).summary();
    const viaCommand = await runCli([...shellWords(out.replay!).slice(1), '--json'], files);
    expect(viaCommand.code).toBe(1);
    expect(JSON.parse(viaCommand.stdout)).toEqual(expected);
    const viaFile = await runCli(['generate', 'tree.gdl', '--replay', 'cx.json', '--json'], { ...files, 'cx.json': JSON.stringify(cx) });
    expect(JSON.parse(viaFile.stdout)).toEqual(expected);
    // the text report shows the sizes and the artifact
    const text = await runCli(['check', 'tree.gdl', '--seed', '5', '--runs', '300'], files);
    expect(text.stdout).toMatch(new RegExp(`\\nshrunk: ${out.sizes!.after} nodes \\(the first failing run had ${out.sizes!.before}\\), by forcing \\d+ choice\\(s\\)\\n`));
    expect(text.stdout).toMatch(/\nartifact:\n {2}seed \d+\n {2}tree -> /);
  });

  it('names the JSON path of a bad replay file (exit 2)', async () => {
    const bad = await runCli(['generate', 'tree.gdl', '--replay', 'r.json'], { ...files, 'r.json': '{"seed": 1, "choose": {"n": 3.5, "n/0": []}}' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('r.json: $.choose.n/0: expected a string or a number');
    const notJson = await runCli(['generate', 'tree.gdl', '--replay', 'r.json'], { ...files, 'r.json': '{' });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('r.json: not JSON');
    const both = await runCli(['generate', 'tree.gdl', '--replay', 'r.json', '--seed', '3'], { ...files, 'r.json': '{"seed": 1}' });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--replay gives the seed; leave out --seed');
  });
});
