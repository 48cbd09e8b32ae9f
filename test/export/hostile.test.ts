/**
 * Exports as hostile input meets them (issue 35): a label's Graphviz
 * attributes cannot put links into an SVG, control characters cannot make it
 * ill-formed (every SVG and GraphML here is parsed with an XML parser), data
 * the size of a big artifact is never spread into a call (a 400×400 layer map,
 * a 140,001-node tree), a graph too large for Graphviz is a located budget
 * error, a layer file that does not parse says why, and a large JSON grammar's
 * rules are located by one scan, not one per rule.
 */
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/fake-io.js';
import { treeSvg } from '../../src/generate/grammar/svg.js';
import type { ArtifactNode } from '../../src/generate/grammar/artifact.js';
import { parseJson, parseLargeJson } from '../../src/syntax/json.js';

const GRAMMAR = JSON.stringify({ name: 'g', start: 'x', stages: [{ name: 's', rules: [{ name: 'unused', lhs: 'x', rhs: ['y'] }] }] });

/** A graph grammar that rewrites nothing of a start graph without an `x`, and `--graph start.json` with these nodes and edges. */
function startGraph(nodes: Array<{ v: string; value?: unknown }>, edges: Array<{ v: string; w: string; value?: unknown }> = []): Record<string, string> {
  return { 'g.json': GRAMMAR, 'start.json': JSON.stringify({ nodes, edges }) };
}

const wellFormed = (xml: string) => expect(XMLValidator.validate(xml)).toBe(true);

describe('graph labels are text in SVG and GraphML', () => {
  const hostile = startGraph(
    [
      { v: 'a', value: { dot: { URL: 'javascript:alert(1)', href: 'javascript:alert(2)', labelURL: 'javascript:alert(3)', target: '_top', label: 'click\u0001me', color: 'red' } } },
      { v: 'b', value: 'ctl\u0001\u0008\u001f\ufffe<&>"\'' },
    ],
    [{ v: 'a', w: 'b', value: { dot: { edgeURL: 'javascript:alert(4)', headURL: 'javascript:alert(5)', tailhref: 'javascript:alert(6)', label: 'e\u0002' } } }],
  );

  it('--format svg: no link, no script URL, the attributes that are ours kept, well-formed XML', async () => {
    const r = await runCli(['generate', 'g.json', '--graph', 'start.json', '--format', 'svg'], hostile);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/javascript:|<a\b|xlink:href|target=/);
    expect(r.stdout).toContain('clickme');
    expect(r.stdout).toContain('stroke="red"');
    wellFormed(r.stdout);
  });

  it('--format dot leaves out the attributes that are not ours (a DOT file is rendered by others too)', async () => {
    const r = await runCli(['generate', 'g.json', '--graph', 'start.json', '--format', 'dot'], hostile);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/URL|href|target|javascript/);
    expect(r.stdout).toContain('color="red"');
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });

  it('--format graphml: well-formed XML with the control characters dropped', async () => {
    const r = await runCli(['generate', 'g.json', '--graph', 'start.json', '--format', 'graphml'], hostile);
    expect(r.code).toBe(0);
    wellFormed(r.stdout);
    expect(r.stdout).toContain('ctl&lt;&amp;&gt;&quot;&apos;');
  });
});

describe('no spread over data-sized arrays; a budget where the work is superlinear', () => {
  it('a 140,001-node tree as SVG', () => {
    const leaf = (i: number): ArtifactNode => ({ id: `n/${i}`, symbol: 'l', args: {}, attrs: {}, children: [] }) as unknown as ArtifactNode;
    const root = { id: 'n', symbol: 's', rule: 'wide', args: {}, attrs: {}, children: Array.from({ length: 140_000 }, (_, i) => leaf(i)) } as unknown as ArtifactNode;
    const svg = treeSvg(root);
    expect(svg).toContain('aria-label="generated tree, 140001 nodes"');
    expect(svg.match(/<circle/g)).toHaveLength(140_001);
  });

  it('a 400×400 layer map as SVG: every cell, well-formed', async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `(n ${i + 1})`).join('\n');
    const file = `${rows}\n(layer wall 1)\n(<= (site wall (at ?x ?y)) (n ?x) (n ?y))\n(chance wall 0.01)\n`;
    const r = await runCli(['generate', 'l.gdl', '--format', 'svg'], { 'l.gdl': file });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('400 × 400 cells');
    wellFormed(r.stdout);
    expect(r.stdout.match(/<rect class="(site|empty)"/g)?.length).toBeGreaterThan(300_000);
  }, 60_000);

  it('a layer map past the SVG budget is a located exports/svg-too-large', async () => {
    const r = await runCli(['generate', 'l.gdl', '--format', 'svg'], { 'l.gdl': '(layer wall 1)\n(site wall (at 1 1))\n(site wall (at 1000 1001))\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^l\.gdl:1:1: error\[exports\/svg-too-large\]: seed 0: the SVG would draw 1000 × 1001 cells in 2 grids/);
  });

  it('a 14,001-node path as SVG is a located exports/svg-too-large before Graphviz overflows its stack', async () => {
    const nodes = Array.from({ length: 14_001 }, (_, i) => ({ v: `n${i}`, value: 'x' }));
    const edges = nodes.slice(1).map((n, i) => ({ v: `n${i}`, w: n.v }));
    const r = await runCli(['generate', 'g.json', '--graph', 'start.json', '--format', 'svg'], startGraph(nodes, edges));
    expect(r.stderr).not.toContain('internal');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^g\.json:1:\d+: error\[exports\/svg-too-large\]: seed 0: the graph has 14001 nodes and 14000 edges/);
  }, 60_000);
});

describe('a file that does not parse', () => {
  it('a layer file with an unclosed ( and --format tiled: the syntax error, not a complaint about a tree grammar', async () => {
    const r = await runCli(['generate', 'l.gdl', '--format', 'tiled'], { 'l.gdl': '(layer wall 1)\n(site wall (at 1 1)\n' });
    expect(r.stderr).not.toContain('tree grammar');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^l\.gdl:2:1: error\[syntax\/unclosed\]/);
  });
});

describe('large JSON: the spans of many rules', () => {
  it('are those of the small-file parser (the oracle), asked for every rule', () => {
    const rules = Array.from({ length: 600 }, (_, i) => ({ name: `r${i}`, lhs: `a${i}`, rhs: { node: [`a${i + 1}`, 'b'], edge: [[0, 1]] } }));
    const text = JSON.stringify({ name: 'big', start: 'a0', stages: [{ name: 's', rules }] }, null, 1);
    const small = parseJson(text, 'g.json');
    const large = parseLargeJson(text, 'g.json');
    for (let i = 0; i < rules.length; i += 3) {
      for (const path of [['stages', 0, 'rules', i], ['stages', 0, 'rules', i, 'rhs', 'edge', 0], ['stages', 0, 'rules', i, 'name'], ['stages', 0]]) {
        expect(large.spanAt(path), JSON.stringify(path)).toEqual(small.spanAt(path));
      }
    }
  });
});
