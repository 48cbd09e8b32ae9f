/**
 * Graph grammars in JSON and start graphs (graphlib JSON): generated grammars
 * and graphs, and mutants of rules/mission.json, through generate and analyze.
 */
import fc from 'fast-check';
import type { CliCase } from '../harness.js';
import { mutantArb } from '../mutate.js';
import { jsonArgs, name, pick, seedArgs } from './common.js';

const PIECES = ['{', '}', '[', ']', ',', ':', '"lhs"', '"rhs"', '"node"', '"edge"', '"limit"', '"weight"', '"delay"', '"rules"', '"stages"', '"start"', 'null', 'true', '[0, 1]', '"__proto__"', '{"__proto__": 1}'];
const BRACKETS: Array<[string, string]> = [['[', ']'], ['{"a":', '}']];

const label = fc.oneof({ weight: 6, arbitrary: pick(['START', 'task', 'room', 'key', 'lock', 'a', 'b']) }, { weight: 1, arbitrary: name });
const small = fc.oneof(fc.integer({ min: -1, max: 6 }), pick([0.5, 1e308, 1e9, -0]));

const rhs = fc.oneof(
  label,
  fc.array(label, { minLength: 1, maxLength: 4 }),
  fc.integer({ min: 1, max: 4 }).chain((n) =>
    fc.record({
      node: fc.array(label, { minLength: n, maxLength: n }),
      edge: fc.array(fc.tuple(fc.integer({ min: -1, max: n }), fc.integer({ min: 0, max: n - 1 })), { maxLength: 4 }),
    }),
  ),
);
const rule = fc.record(
  { name: name, lhs: fc.oneof(label, fc.array(label, { minLength: 1, maxLength: 2 })), rhs, limit: small, weight: small, delay: small, type: pick(['puzzle', 'x']) },
  { requiredKeys: ['name', 'lhs', 'rhs'] },
);
export const grammarJson = fc
  .record({ name: name, start: label, stages: fc.array(fc.record({ name: name, rules: fc.array(rule, { minLength: 1, maxLength: 5 }) }), { minLength: 1, maxLength: 3 }) }, { requiredKeys: ['stages'] })
  .map((g) => JSON.stringify(g));

export const startGraph = fc
  .record({
    nodes: fc.array(fc.record({ v: fc.oneof(pick(['n0', 'n1', 'n2', '__proto__']), fc.integer({ min: 0, max: 3 }).map(String)), value: fc.oneof(label, fc.record({ label }), fc.constant(null)) }), { maxLength: 5 }),
    edges: fc.array(fc.record({ v: pick(['n0', 'n1', 'n2', 'n9']), w: pick(['n0', 'n1', 'n2']), value: fc.oneof(label, fc.constant(undefined)) }, { requiredKeys: ['v', 'w'] }), { maxLength: 5 }),
  })
  .map((g) => JSON.stringify(g));

const genArgs = fc.tuple(jsonArgs, seedArgs, fc.boolean(), pick([[], ['-n', '3'], ['--format', 'dot']])).map(([j, s, e, n]) => [...j, ...s, ...(e ? ['--explain'] : []), ...n]);

export const graphJsonCases: fc.Arbitrary<CliCase> = fc.oneof(
  fc.tuple(grammarJson, genArgs).map(([g, a]) => ({ kind: 'graph-json', argv: ['generate', 'g.json', ...a], files: { 'g.json': g } })),
  fc.tuple(grammarJson, startGraph, genArgs).map(([g, s, a]) => ({ kind: 'graph-json', argv: ['generate', 'g.json', '--graph', 'start.json', ...a], files: { 'g.json': g, 'start.json': s } })),
  fc.tuple(mutantArb(['rules/mission.json'], PIECES, BRACKETS), genArgs).map(([m, a]) => ({ kind: 'graph-json', argv: ['generate', 'g.json', ...a], files: { 'g.json': m.text } })),
  fc.tuple(mutantArb(['rules/mission.json'], PIECES, BRACKETS), jsonArgs).map(([m, j]) => ({ kind: 'graph-json', argv: ['analyze', 'g.json', ...j], files: { 'g.json': m.text } })),
  fc.tuple(grammarJson, jsonArgs).map(([g, j]) => ({ kind: 'graph-json', argv: ['analyze', 'g.json', ...j], files: { 'g.json': g } })),
);
