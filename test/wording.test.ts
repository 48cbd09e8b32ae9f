/**
 * Messages carry the options they name as data (src/wording.ts): the library
 * words them as the API spells them, the command line and the language
 * server as flags; no reader rewrites another's text.
 */
import { describe, expect, it } from 'vitest';
import { GramlogError, throwIfErrors } from '../src/errors.js';
import { message, option, partsOf, wordMessage, worded } from '../src/wording.js';
import { withSeed } from '../src/generate/seed-error.js';
import { evaluate } from '../src/engine/index.js';
import { load } from './helpers.js';

const hint = message`raise the limit with ${option('maxFacts', 'value')} if the program is finite`;

describe('options as data in messages', () => {
  it('keeps the option as a part and words it for the API and for the command line', () => {
    expect(hint).toEqual(['raise the limit with ', { option: 'maxFacts', form: 'value' }, ' if the program is finite']);
    expect(wordMessage(hint, 'api')).toBe('raise the limit with maxFacts if the program is finite');
    expect(wordMessage(hint, 'cli')).toBe('raise the limit with --max-facts N if the program is finite');
    const either = message`(raise the solver budget: ${option('solverAtoms', 'either')})`;
    expect(wordMessage(either, 'api')).toBe('(raise the solver budget: --solver-atoms N, or the solverAtoms option)');
    expect(wordMessage(either, 'cli')).toBe('(raise the solver budget: --solver-atoms N)');
    expect(wordMessage([option('maxFacts')], 'cli')).toBe('--max-facts');
  });

  it('splices another message into a new one, its options still data', () => {
    const outer = message`seed ${3}: ${hint}`;
    expect(wordMessage(outer, 'cli')).toBe('seed 3: raise the limit with --max-facts N if the program is finite');
    expect(partsOf({ message: 'plain' })).toEqual(['plain']);
    expect(worded({ message: 'plain' }, 'cli')).toBe('plain');
  });

  it('GramlogError takes parts: its message in the API words, its diagnostics keep the parts', () => {
    const e = new GramlogError('engine/limit', hint);
    expect(e.message).toBe('raise the limit with maxFacts if the program is finite');
    expect(e.parts).toEqual(hint);
    expect(worded(e.diagnostics[0]!, 'cli')).toBe('raise the limit with --max-facts N if the program is finite');
    const seeded = withSeed(e, 7);
    expect(seeded.message).toBe('seed 7: raise the limit with maxFacts if the program is finite');
    expect(worded(seeded.diagnostics[0]!, 'cli')).toBe('seed 7: raise the limit with --max-facts N if the program is finite');
    let thrown: unknown;
    try {
      throwIfErrors(e.diagnostics);
    } catch (x) {
      thrown = x;
    }
    expect((thrown as GramlogError).parts).toEqual(hint);
  });

  it("the engine's limit error names maxFacts as data", () => {
    const program = load('(n 0)\n(<= (n (s ?x)) (n ?x))', 'n.kif');
    let thrown: unknown;
    try {
      evaluate(program, { maxFacts: 10 });
    } catch (x) {
      thrown = x;
    }
    const e = thrown as GramlogError;
    expect(e.code).toBe('engine/limit');
    expect(e.message).toMatch(/\(raise the limit with maxFacts if the program is finite\)$/);
    expect(worded(e, 'cli')).toMatch(/\(raise the limit with --max-facts N if the program is finite\)$/);
  });

  it('text that happens to spell an option name is left alone', () => {
    expect(worded({ message: "maxFacts/1 is read here but no fact or rule defines it" }, 'cli')).toBe('maxFacts/1 is read here but no fact or rule defines it');
  });
});
