/**
 * `--format graphml` and `--format graphlib` of a generated graph: GraphML
 * parsed back (fast-xml-parser) gives the nodes, edges and labels of
 * `--json`; graphlib JSON goes back in as `--graph FILE` (our reader, the one
 * graphgram's format needs) and reads back as the same graph.
 */
import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { runCli } from '../cli/fake-io.js';
import { readGraphInput } from '../../src/generate/graph/compile.js';
import { SPECIAL } from './fixtures.js';

interface GraphJson { nodes: Array<{ id: string; label: unknown }>; edges: Array<{ v: string; w: string; label: unknown }> }
const text = (l: unknown) => (l === null || l === undefined ? '' : typeof l === 'string' ? l : JSON.stringify(l));

async function json(file: string, seed: string, files: Record<string, string> = {}): Promise<GraphJson> {
  return JSON.parse((await runCli(['generate', file, '--seed', seed, '--json'], files)).stdout) as GraphJson;
}

describe('--format graphml', () => {
  for (const [file, files] of [['rules/mission.json', {}], ['g.json', { 'g.json': SPECIAL }]] as const) {
    it(`${file}: well-formed GraphML whose nodes, edges and labels are --json's`, async () => {
      const r = await runCli(['generate', file, '--seed', '3', '--format', 'graphml'], files);
      expect(r.code).toBe(0);
      expect(XMLValidator.validate(r.stdout)).toBe(true);
      const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => ['node', 'edge', 'data', 'key'].includes(n) }).parse(r.stdout) as {
        graphml: { key: Array<Record<string, string>>; graph: { '@edgedefault': string; node: Array<{ '@id': string; data?: Array<{ '#text': string }> }>; edge?: Array<{ '@source': string; '@target': string; data?: Array<{ '#text': string }> }> } };
      };
      const g = doc.graphml.graph;
      expect(g['@edgedefault']).toBe('directed');
      expect(doc.graphml.key.map((k) => `${k['@for']}:${k['@attr.name']}`)).toEqual(expect.arrayContaining(['node:label', 'edge:label']));
      const want = await json(file, '3', files);
      expect(g.node.map((n) => [n['@id'], String(n.data?.[0]?.['#text'] ?? '')])).toEqual(want.nodes.map((n) => [n.id, text(n.label)]));
      expect((g.edge ?? []).map((e) => [e['@source'], e['@target'], String(e.data?.[0]?.['#text'] ?? '')])).toEqual(want.edges.map((e) => [e.v, e.w, text(e.label)]));
    });
  }
});

describe('--format graphlib', () => {
  it("is graphlib's JSON: options, nodes {v, value}, edges {v, w, value}", async () => {
    const r = await runCli(['generate', 'rules/mission.json', '--seed', '3', '--format', 'graphlib']);
    expect(r.code).toBe(0);
    const g = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(g)).toEqual(['options', 'nodes', 'edges']);
    expect(g.options).toEqual({ directed: true, multigraph: false, compound: false });
    const want = await json('rules/mission.json', '3');
    expect(g.nodes).toEqual(want.nodes.map((n) => ({ v: n.id, value: n.label })));
    expect(g.edges).toEqual(want.edges.map((e) => (e.label === null ? { v: e.v, w: e.w } : { v: e.v, w: e.w, value: e.label })));
  });

  it('round trip: generate --format graphlib reads back with --graph FILE as the same graph', async () => {
    for (const seed of ['1', '3', '8']) {
      const out = (await runCli(['generate', 'rules/mission.json', '--seed', seed, '--format', 'graphlib'])).stdout;
      const back = readGraphInput(out, 'g.json');
      const want = await json('rules/mission.json', seed);
      expect(back.nodes.map((n) => [n.id, n.label ?? null])).toEqual(want.nodes.map((n) => [n.id, n.label]));
      expect(back.edges.map((e) => [e.v, e.w, e.label ?? null])).toEqual(want.edges.map((e) => [e.v, e.w, e.label]));
      // and the CLI takes it as a start graph
      const again = await runCli(['generate', 'rules/mission.json', '--seed', seed, '--graph', 'start.json', '--json'], { 'start.json': out });
      expect(again.stderr).toBe('');
      expect(again.code).toBe(0);
    }
  });
});
