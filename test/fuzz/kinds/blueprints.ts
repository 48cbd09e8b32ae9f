/** Blueprints (.bp): generated libraries and mutants of the bundled ones, through master and analyze. */
import fc from 'fast-check';
import type { CliCase } from '../harness.js';
import { mutantArb } from '../mutate.js';
import { jsonArgs, name, number, pick } from './common.js';

const PIECES = ['(', ')', '[', ']', '@end', '@blueprint X', '@blueprint X : Weapon', '@mod M', '@factory F', '{', '}', '"', '!', ':', '=', '+=', '&source.name', '$x', '@bogus', 'rand', 'pickOne', 'strcat', '@property p = ', '@domain weapon = or', '@function f $x = (+ $x 1)', '(strcat "ab" "ab")', '[weapon: melee]'];
const BRACKETS: Array<[string, string]> = [['(+ 1 ', ')'], ['[', ']'], ['(pickOne ', ')']];

const expr = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    number,
    name.map((n) => JSON.stringify(n)),
    fc.tuple(pick(['rand', '+', '-', '*', '/', 'min', 'max', 'strcat', 'pickOne']), fc.array(tie('e'), { minLength: 1, maxLength: 3 })).map(([o, a]) => `(${o} ${a.join(' ')})`),
    fc.array(tie('e'), { minLength: 1, maxLength: 3 }).map((a) => `(${a.join(' ')})`),
  ),
})).e;

const block = fc
  .record({
    kind: pick(['blueprint', 'blueprint', 'mod']),
    name: pick(['A', 'B', 'C', 'Weapon', '__proto__', 'constructor']),
    parent: fc.option(pick(['A', 'B', 'C', 'Z']), { nil: undefined }),
    props: fc.array(fc.tuple(name, expr), { maxLength: 4 }),
    domain: fc.option(fc.tuple(pick(['kind', 'weapon', '__proto__']), fc.array(pick(['melee', 'or', 'not', 'x', '__proto__']), { maxLength: 3 })), { nil: undefined }),
  })
  .map((b) =>
    [
      `@${b.kind} ${b.name}${b.parent && b.kind === 'blueprint' ? ` : ${b.parent}` : ''}`,
      ...(b.domain ? [`  @domain ${b.domain[0]} = ${b.domain[1].join(' ')}`] : []),
      ...b.props.map(([k, v]) => `  @property ${k} = ${v}`),
      '@end',
    ].join('\n'),
  );
export const library = fc.array(block, { minLength: 1, maxLength: 5 }).map((bs) => bs.join('\n') + '\n');

const masterArgs = fc.tuple(pick(['A', 'B', 'Weapon', 'Spear', '{Loot}', 'Nope']), jsonArgs, pick([[], ['-n', '3'], ['--seed', '7']])).map(([n, j, s]) => [n, ...j, ...s]);

export const blueprintCases: fc.Arbitrary<CliCase> = fc.oneof(
  fc.tuple(library, masterArgs).map(([t, a]) => ({ kind: 'bp', argv: ['master', 'lib.bp', ...a], files: { 'lib.bp': t } })),
  fc.tuple(mutantArb(['rules/items.bp', 'rules/items-typos.bp'], PIECES, BRACKETS), masterArgs).map(([m, a]) => ({ kind: 'bp', argv: ['master', 'lib.bp', ...a], files: { 'lib.bp': m.text } })),
  fc.tuple(mutantArb(['rules/items.bp'], PIECES, BRACKETS), jsonArgs).map(([m, j]) => ({ kind: 'bp', argv: ['analyze', 'lib.bp', ...j], files: { 'lib.bp': m.text } })),
  fc.tuple(library, jsonArgs).map(([t, j]) => ({ kind: 'bp', argv: ['analyze', 'lib.bp', ...j], files: { 'lib.bp': t } })),
);
