/** Library API: the public functions with generated and mutated texts and hostile names and seeds. */
import fc from 'fast-check';
import type { ApiFuzzCase } from '../harness.js';
import { mutantArb } from '../mutate.js';
import { program } from './kif.js';
import { grammarJson } from './graph-json.js';
import { library } from './blueprints.js';
import { layerFile } from './layers.js';
import { pick } from './common.js';

const kifPieces = ['(', ')', '?x', '(<= ', '(not ', '__proto__'];
const seedArb = fc.oneof(fc.integer(), pick(['', 'seed', '__proto__', '1e308']));

export const apiCases: fc.Arbitrary<ApiFuzzCase> = fc.oneof(
  program.map((text) => ({ kind: 'api' as const, call: { fn: 'parse' as const, text } })),
  fc.tuple(program, pick(['(p ?x)', '(edge ?x ?y)', '(__proto__ ?x)', '(', 'x'])).map(([text, goal]) => ({ kind: 'api' as const, call: { fn: 'query' as const, text, goal } })),
  fc.tuple(mutantArb(['rules/tree.gdl', 'rules/dungeon.gdl'], kifPieces, [['(', ')']]), seedArb).map(([m, seed]) => ({ kind: 'api' as const, call: { fn: 'generate' as const, text: m.text, seed } })),
  fc.tuple(grammarJson, seedArb).map(([text, seed]) => ({ kind: 'api' as const, call: { fn: 'generateGraph' as const, text, seed } })),
  fc.tuple(library, pick(['A', 'B', '__proto__', 'constructor', 'toString']), fc.integer()).map(([text, name, seed]) => ({ kind: 'api' as const, call: { fn: 'master' as const, text, name, seed } })),
  fc.tuple(layerFile, fc.integer()).map(([text, seed]) => ({ kind: 'api' as const, call: { fn: 'generateLayers' as const, text, seed } })),
  mutantArb(['games/nim.kif', 'games/race.kif'], kifPieces, [['(', ')']]).map((m) => ({ kind: 'api' as const, call: { fn: 'validateGame' as const, text: m.text } })),
);
