/**
 * Codes the command line cannot show (reachableFrom 'api'): each is raised by
 * the library function its entry names, with the code registered. Those not
 * triggered here say why in UNTESTED.
 */
import { describe, expect, it } from 'vitest';
import { ALL_CODES } from '../../src/codes/index.js';
import { isGramlogError } from '../../src/errors.js';
import {
  compileGrammar,
  createStateMachine,
  evaluate,
  explain,
  generate,
  generateArtifact,
  generateFrom,
  generateLayers,
  loadGameProgram as loadGame,
  parseLiteral,
  parseTerm,
  query,
} from '../../src/api/checked.js';
import { Store } from '../../src/store/index.js';
import { parseChoices } from '../../src/generate/grammar/choices.js';
import { parseLayerChoices } from '../../src/generate/layers/choices.js';
import { load } from '../helpers.js';

const ROOMS = '(start room)\n(rule room small 1)\n(rule room big 1)\n(param size 3)\n';
const HOUSE = '(spot 1)\n(spot 2)\n(layer house 1)\n(<= (site house (at ?x)) (spot ?x))\n(chance house 0)\n';
const GAME = '(role p)\n(init on)\n(legal p go)\n(<= (next done) (does p go))\n(<= terminal (true done))\n(goal p 100)\n';

/** How each API-only code is raised. */
const TRIGGERS: Readonly<Record<string, () => unknown>> = {
  'api/argument': () => evaluate('(p 1)' as never),
  'syntax/empty-input': () => parseTerm(''),
  'syntax/extra-input': () => parseLiteral('(p ?x) (q)'),
  'query/goal': () => query('(p a)', '(not (p ?x))'),
  'engine/budget': () => evaluate(load('(n 1)\n(n 2)\n(n 3)\n(<= (pair ?a ?b) (n ?a) (n ?b))\n'), { maxWork: 1 }),
  'gdl/joint-move': () => {
    const sm = createStateMachine(loadGame(GAME, 'game.gdl'));
    return sm.nextState(sm.initialState(), []);
  },
  'store/query': () => Store.empty().query('[:find ?x :where [?x'),
  'store/recursive-rules': () => Store.empty().query('[:find ?x :in $ % :where (r ?x)]', '[[(r ?x) [?x "rel" "p"]]]'),
  'store/transact': () => Store.empty().transact([{ text: null as never }]),
  'store/fact': () => Store.fromFacts([{ bad: true } as never]),
  'generate/param': () => generate(compileGrammar(ROOMS, { params: { size: 'huge' } })),
  'generate/unknown-param': () => generate(compileGrammar(ROOMS, { params: { sise: '5' } })),
  'generate/no-history': () => explain(generate(ROOMS)),
  'generate/choose': () => parseChoices(['n']),
  'generate/choose-rule': () => generateFrom(compileGrammar(ROOMS), 0, { choose: new Map([['n', 'huge']]) }),
  'generate/choose-path': () => generateFrom(compileGrammar(ROOMS), 0, { choose: new Map([['n/0', 'small']]) }),
  'generate/choose-forbidden': () =>
    generateFrom(compileGrammar(ROOMS + '(<= (forbid ?n small) (symbol ?n room))\n'), 0, { choose: new Map([['n', 'small']]) }),
  'layers/none': () => generateLayers(load('(spot 1)\n(spot 2)\n')),
  'layers/choose': () => parseLayerChoices(['house']),
  'graph/choose': () => generateArtifact({ file: 'g.gdl', text: '(graphstart a)\n(graphlimit 1)\n(graphrule grow 1)\n(<= (grow ?x) (node ?x a))\n(rewrite grow (keep ?x) (node ?y a) (edge ?x ?y e))\n' }, 0, { choose: ['stage0#99=0'] }),
  'blueprint/choose': () => generateArtifact({ file: 'sword.bp', text: '@blueprint Sword\n  @property damage = (rand 1 6)\n@end\n' }, 0, { entry: 'Sword', choose: ['damage#0=9'] }),
  'layers/choose-site': () => generateLayers(load(HOUSE), { choose: parseLayerChoices(['hose:(at 1)=on']) }),
  'layers/choose-forbidden': () => generateLayers(load(HOUSE), { choose: parseLayerChoices(['house:(at 1)=on']) }),
};

/** API-only codes not triggered here, and why. */
const UNTESTED: Readonly<Record<string, string>> = {
  'check/no-rules': "needs a check outcome's model() of a JSON graph grammar without rules",
  'check/no-artifact': "needs a failed check outcome's model()",
};

function codeThrown(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return isGramlogError(e) ? e.code : `not a GramlogError: ${String(e)}`;
  }
  return undefined;
}

describe('codes raised only through the library', () => {
  const apiCodes = ALL_CODES.filter((c) => c.reachableFrom === 'api').map((c) => c.code);

  it('has a trigger, or a reason for none, for each', () => {
    expect(apiCodes.filter((c) => !(c in TRIGGERS) && !(c in UNTESTED))).toEqual([]);
    expect(Object.keys(TRIGGERS).filter((c) => !apiCodes.includes(c))).toEqual([]);
  });

  it.each(Object.keys(TRIGGERS))('%s is raised by its trigger', (code) => {
    expect(codeThrown(TRIGGERS[code] as () => unknown)).toBe(code);
  });
});
