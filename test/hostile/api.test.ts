/**
 * The library API checks its arguments (issue 20, class 8): every function
 * exported from the package (its root and its subpath exports), called with wrong arguments (undefined, null,
 * numbers, strings, booleans, arrays, objects of the wrong shape), either
 * gives a correct result or throws a GramlogError; a wrong kind of value is
 * `api/argument`, naming the function and the parameter. Never a raw
 * TypeError, never a quiet empty answer.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as gramlog from 'gramlog';
import { GramlogError } from 'gramlog';
import * as syntax from 'gramlog/syntax';
import * as engine from 'gramlog/engine';
import * as grammar from 'gramlog/grammar';
import * as layers from 'gramlog/layers';
import * as graph from 'gramlog/graph';
import * as blueprints from 'gramlog/blueprints';
import * as gdl from 'gramlog/gdl';
import * as check from 'gramlog/check';
import { readRepoFile } from '../helpers.js';

const ENTRIES: Record<string, object> = { gramlog, syntax, engine, grammar, layers, graph, blueprints, gdl, check };
const CLASSES = new Set(['GramlogError', 'Program', 'Model', 'Store']);
/** Every function of every entry, as `entry.name` (the root's as `gramlog.name`). */
const functions = Object.entries(ENTRIES).flatMap(([entry, m]) =>
  Object.entries(m)
    .filter(([name, v]) => typeof v === 'function' && !CLASSES.has(name))
    .map(([name, v]) => [`${entry}.${name}`, v] as [string, (...a: unknown[]) => unknown]),
);

/** Values of the wrong kind for every parameter of every function (no string: a string may be valid text). */
const WRONG: unknown[] = [undefined, null, -1, 0, Number.NaN, true, [], [1, 2], {}, { kind: 'graph' }, { text: 1, file: 2 }, { roles: 3 }, () => 1];

function outcome(f: () => unknown): 'ok' | GramlogError {
  try {
    f();
    return 'ok';
  } catch (e) {
    if (e instanceof GramlogError) return e;
    throw new Error(`raw ${(e as Error)?.name}: ${(e as Error)?.message}`);
  }
}

describe('every exported function checks its arguments', () => {
  it("exports the functions the API documents (57, and the root's verbs), each checked", () => {
    expect(new Set(functions.map(([, f]) => f.name)).size).toBeGreaterThanOrEqual(57);
  });

  it.each(functions)('%s: wrong values in every position give api/argument or a result, never a raw error', (_entry, f) => {
    const name = f.name;
    for (const bad of WRONG) {
      for (const args of [[bad], [bad, bad], [bad, bad, bad, bad]]) {
        const r = outcome(() => f(...args));
        // an empty array is a valid (empty) list of sources for some: their own finding is a correct result
        if (r !== 'ok' && args[0] !== undefined && !(Array.isArray(bad) && bad.length === 0)) {
          expect(r.code, `${name}(${String(bad)})`).toBe('api/argument');
          expect(r.message, name).toMatch(new RegExp(`^${name}\\(`));
        }
      }
    }
  });

  it('random arguments of any JSON shape: a result or a GramlogError, never a raw error', () => {
    fc.assert(
      fc.property(fc.constantFrom(...functions), fc.array(fc.jsonValue(), { maxLength: 4 }), ([, f], args) => {
        outcome(() => f(...args));
      }),
      { numRuns: 300, seed: 20 },
    );
  });

  it('names the function, the parameter and what it expected', () => {
    const msg = (f: () => unknown) => (outcome(f) as GramlogError).message;
    expect(msg(() => gramlog.parse(-1 as unknown as string))).toBe('parse(text, options): text must be a string, not the number -1');
    expect(msg(() => graph.generateGraph(undefined as never, 1))).toContain('grammar must be a graph grammar (from compileGraphGrammar), not undefined');
    expect(msg(() => gramlog.createStateMachine({} as never))).toContain('createStateMachine(program, options): program must be a Program');
    expect(msg(() => gramlog.evaluate('text' as never))).toContain('not the string "text"');
    expect(msg(() => gramlog.master(blueprints.parseBlueprints('@blueprint A\n@end\n'), 'A', { seed: {} as never }))).toContain('options.seed must be a seed');
  });

  it('no quiet empty answers: parse(undefined) and query(undefined, goal) are errors', () => {
    expect((outcome(() => gramlog.parse(undefined as never)) as GramlogError).code).toBe('api/argument');
    expect((outcome(() => gramlog.query(undefined as never, '(p ?x)')) as GramlogError).code).toBe('api/argument');
  });

  it('correct calls still work, and validate takes its options as optional', () => {
    expect(gramlog.query('(p 1)', '(p ?x)')).toEqual(['(p 1)']);
    const r = gramlog.validate(readRepoFile('games/tictactoe.kif') as string, undefined as never);
    expect(r.file).toBe('<input>');
    expect(r.ok).toBe(true);
    const g = graph.compileGraphGrammar('{"start": "S", "limit": 1, "rules": [{"lhs": "S", "rhs": "T"}]}');
    expect(graph.generateGraph(g, 1).nodes.map((n) => n.label)).toEqual(['T']);
  });
});
