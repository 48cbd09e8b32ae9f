/**
 * Rule files (KIF): generated programs and mutants of the bundled games and
 * rule files, through query, validate and simulate; tree grammars through
 * generate and check. Small budgets keep each case fast.
 */
import fc from 'fast-check';
import type { CliCase } from '../harness.js';
import { mutantArb } from '../mutate.js';
import { jsonArgs, name, number, pick, seedArgs } from './common.js';

const PIECES = ['(', ')', '?x', '?y', '(<= ', '(not ', '(or ', '(distinct ', '(true ', '(does ', '(role ', '(init ', '(next ', '(legal ', '(goal ', 'terminal', '(+ ', '(< ', ';', '(rule ', '(child ', '(maxnodes 100000)', '(maxdepth 100000)', '(start ', '(param '];
const BRACKETS: Array<[string, string]> = [['(', ')']];

const term = fc.letrec<{ term: string }>((tie) => ({
  term: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    name,
    number,
    pick(['?x', '?y', '?z']),
    fc.tuple(name, fc.array(tie('term'), { minLength: 1, maxLength: 3 })).map(([f, a]) => `(${f} ${a.join(' ')})`),
  ),
})).term;

const atom = fc.tuple(name, fc.array(term, { maxLength: 3 })).map(([p, a]) => (a.length ? `(${p} ${a.join(' ')})` : p));
const literal = fc.oneof(
  { weight: 6, arbitrary: atom },
  { weight: 1, arbitrary: atom.map((a) => `(not ${a})`) },
  { weight: 1, arbitrary: fc.tuple(term, term).map(([a, b]) => `(distinct ${a} ${b})`) },
  { weight: 1, arbitrary: fc.tuple(pick(['+', '<', '>=', '*', '-']), term, term, term).map(([o, a, b, c]) => (o === '<' || o === '>=' ? `(${o} ${a} ${b})` : `(${o} ${a} ${b} ${c})`)) },
  { weight: 1, arbitrary: fc.tuple(atom, atom).map(([a, b]) => `(or ${a} ${b})`) },
);
const statement = fc.oneof(atom, fc.tuple(atom, fc.array(literal, { minLength: 1, maxLength: 4 })).map(([h, b]) => `(<= ${h} ${b.join(' ')})`));
export const program = fc.array(statement, { minLength: 1, maxLength: 12 }).map((s) => s.join('\n') + '\n');

const GAMES = ['games/tictactoe.kif', 'games/nim.kif', 'games/race.kif', 'games/maze.kif'];
const RULES = ['rules/family.kif', 'rules/reachability.kif', 'rules/routes.kif', 'rules/items-rules.kif'];
const GRAMMARS = ['rules/tree.gdl', 'rules/dungeon.gdl', 'rules/rooms.gdl', 'rules/flowers.gdl', 'rules/check-broken.gdl'];

const queryArgs = fc.tuple(jsonArgs, fc.option(atom, { nil: undefined })).map(([j, g]) => ['--max-facts', '20000', ...j, ...(g ? ['-g', g] : [])]);

export const kifCases: fc.Arbitrary<CliCase> = fc.oneof(
  fc.tuple(program, queryArgs).map(([text, args]) => ({ kind: 'kif', argv: ['query', 'in.kif', ...args], files: { 'in.kif': text } })),
  fc.tuple(mutantArb(RULES, PIECES, BRACKETS), queryArgs).map(([m, args]) => ({ kind: 'kif', argv: ['query', 'in.kif', ...args], files: { 'in.kif': m.text } })),
  fc.tuple(mutantArb(GAMES, PIECES, BRACKETS), jsonArgs, seedArgs).map(([m, j, s]) => ({
    kind: 'kif',
    argv: ['validate', 'in.kif', '--max-states', '30', '--playouts', '2', '--max-depth', '30', '--max-facts', '20000', ...j, ...s],
    files: { 'in.kif': m.text },
  })),
  fc.tuple(mutantArb(GAMES, PIECES, BRACKETS), jsonArgs, seedArgs).map(([m, j, s]) => ({
    kind: 'kif',
    argv: ['simulate', 'in.kif', '-n', '2', '--max-depth', '30', '--max-facts', '20000', ...j, ...s],
    files: { 'in.kif': m.text },
  })),
  fc.tuple(mutantArb(GRAMMARS, PIECES, BRACKETS), jsonArgs, seedArgs, fc.boolean()).map(([m, j, s, explain]) => ({
    kind: 'kif',
    argv: ['generate', 'in.gdl', '--max-facts', '20000', ...j, ...s, ...(explain ? ['--explain'] : [])],
    files: { 'in.gdl': m.text },
  })),
  fc.tuple(mutantArb(GRAMMARS, PIECES, BRACKETS), seedArgs).map(([m, s]) => ({
    kind: 'kif',
    argv: ['check', 'in.gdl', '-n', '3', '--max-facts', '20000', ...s],
    files: { 'in.gdl': m.text },
  })),
);
