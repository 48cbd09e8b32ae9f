/**
 * Codes of the work budgets (docs/limits.md, "Work budgets"): an evaluator
 * that ran out of its budget stops with a located error instead of running
 * for hours. (engine/budget and engine/limit, the engine's, are older codes
 * registered with the engine's.)
 */
import { declareCodes } from './registry.js';

export const CODES = declareCodes([
  {
    code: 'blueprint/budget',
    severity: 'error',
    title: 'mastering one blueprint made more function calls or masters than its budget',
    explanation:
      'Mastering counts the function calls it makes and the blueprints it masters (itself and every nested one) for each top-level master. ' +
      'Functions that call each other several times per level multiply (4 calls per level over 20 levels is 4^20 calls), ' +
      'and a property holding a list of blueprints that hold lists of blueprints multiplies masters the same way. ' +
      'Past the budget (default 1,000,000 calls and 100,000 masters) mastering stops at the call or the reference that ran out, ' +
      'with the seed and the property path.',
    example: {
      file: 'boom.bp',
      text:
        '@blueprint Boom\n' +
        '  @function f ($x) = (+ (g $x) (g $x) (g $x) (g $x))\n' +
        '  @function g ($x) = (+ (h $x) (h $x) (h $x) (h $x))\n' +
        '  @function h ($x) = $x\n' +
        '  @property v = (f 1)\n' +
        '@end\n',
      command: 'gramlog master boom.bp Boom --max-calls 10',
    },
    fix: 'Compute a value once and pass it on instead of calling a function several times with the same arguments; keep lists of nested blueprints short; or raise the budget with --max-calls N / --max-masters N (maxCalls / maxMasters in the API) if the object is meant to be that large.',
  },
  {
    code: 'graph/site-budget',
    severity: 'error',
    title: 'a graph rule of unconnected parts has too many combinations to look at',
    explanation:
      'A graph rule whose left-hand side has unconnected parts is matched part by part, and a site is drawn as one site per part. ' +
      'When the parts drawn keep overlapping (matching is injective) or, for an induced rule, keep being joined by an edge, ' +
      'generation lists the real sites by looking at every combination of the parts\' sites; past the budget of 1,000,000 combinations it stops at the rule.',
    reachableFrom: 'large-input',
    apiNote: 'An induced JSON rule whose left-hand side is two unconnected `a` nodes, run on a start graph where over 1,000 `a` nodes are all joined to each other (test/limits/ builds it).',
    fix: 'Connect the parts of the left-hand side with an edge (then they are matched as one pattern), or give the parts labels that match different nodes.',
  },
]);
