/**
 * The graph grammar input schema (schemas/graph-grammar.schema.json) and the
 * start graph schema: every bundled JSON grammar and every graphgram grammar
 * and graph in ../shared validates; graphgram's own schema accepts the same
 * grammars (the format is theirs); and the schema's keys are the keys the
 * loader reads (GRAPH_JSON_SCHEMA), so the two cannot drift apart.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { jsonKeys } from '../../src/generate/graph/schema.js';
import { runCli } from '../cli/fake-io.js';
import { repoRoot, sharedPresent } from '../helpers.js';
import { schemaFiles, validatorOf } from './schemas.js';

const SHARED = join(repoRoot, '..', 'shared', 'graphgram');
const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const bundled = ['rules', 'docs/examples'].flatMap((dir) =>
  readdirSync(join(repoRoot, dir)).filter((f) => f.endsWith('.json')).map((f) => join(repoRoot, dir, f)),
);

describe('the graph grammar input schema', () => {
  const grammar = validatorOf('graph-grammar');
  const start = validatorOf('graph-start');

  it('every bundled JSON grammar validates, and gramlog loads it', async () => {
    expect(bundled.length).toBeGreaterThan(0);
    for (const f of bundled) {
      expect(grammar(read(f)), `${f}: ${JSON.stringify(grammar.errors)}`).toBe(true);
      expect((await runCli(['analyze', f])).code, f).toBe(0);
    }
  });

  it('a grammar the loader refuses for its shape fails the schema too', async () => {
    const bad = { start: 'S', rules: [{ lhs: 'S', rhs: 'T', wieght: 2 }] };
    expect(grammar(bad)).toBe(false);
    const r = await runCli(['generate', 'g.json'], { 'g.json': JSON.stringify(bad) });
    expect(r.stderr).toContain('error[graph/unknown-key]');
  });

  it('names exactly the keys the loader reads', () => {
    const s = schemaFiles().get('graph-grammar') as any;
    const keys = (o: { properties: Record<string, unknown> }) => Object.keys(o.properties).sort();
    const [one, staged] = s.oneOf;
    expect([...new Set([...keys(one), ...keys(staged)])].sort()).toEqual(jsonKeys('grammar').sort());
    expect(keys(s.$defs.stage)).toEqual(jsonKeys('stage').sort());
    expect(keys(s.$defs.rule)).toEqual(jsonKeys('rule').sort());
    expect(keys(s.$defs.lhsNode.anyOf[2])).toEqual(jsonKeys('lhs').sort());
    expect(keys(s.$defs.rhsNode.anyOf[2])).toEqual(jsonKeys('rhs').sort());
  });

  if (sharedPresent(SHARED, 'the graphgram grammars against the input schemas')) {
    const theirs = new Ajv({ strict: false }).compile(read(join(SHARED, 'grammar-schema.json')) as object);
    for (const f of readdirSync(join(SHARED, 'grammars')).sort()) {
      it(`../shared/graphgram/grammars/${f} validates, as against graphgram's own schema`, () => {
        const g = read(join(SHARED, 'grammars', f));
        expect(theirs(g), JSON.stringify(theirs.errors)).toBe(true);
        expect(grammar(g), JSON.stringify(grammar.errors)).toBe(true);
      });
    }
    it('the bundled grammars validate against graphgram\'s own schema', () => {
      for (const f of bundled) expect(theirs(read(f)), `${f}: ${JSON.stringify(theirs.errors)}`).toBe(true);
    });
    it('every graphgram start graph validates', () => {
      for (const f of readdirSync(join(SHARED, 'graphs')).sort()) expect(start(read(join(SHARED, 'graphs', f))), `${f}: ${JSON.stringify(start.errors)}`).toBe(true);
    });
    it('a generated graph read back as a start graph conforms when written as graphlib JSON', async () => {
      if (!existsSync(join(SHARED, 'graphs', '2x2.json'))) return;
      const r = await runCli(['generate', 'rules/mission.json', '--seed', '1', '--json']);
      const g = JSON.parse(r.stdout) as { nodes: Array<{ id: string; label: unknown }>; edges: Array<{ v: string; w: string; label: unknown }> };
      const graphlib = { nodes: g.nodes.map((n) => ({ v: n.id, value: n.label })), edges: g.edges.map((e) => ({ v: e.v, w: e.w, value: e.label })) };
      expect(start(graphlib)).toBe(true);
    });
  }
});
