/**
 * The public API as a user sees it: `import … from 'gramlog'` and its subpaths
 * (package self-reference through the exports map, i.e. the built dist/).
 */
import { describe, expect, it } from 'vitest';
import * as gramlog from 'gramlog';
import { GramlogError, query } from 'gramlog';
import { evaluate, loadProgram, parseProgram } from 'gramlog/engine';
import * as deprecated from 'gramlog/deprecated';
import * as grammar from 'gramlog/grammar';
import * as gdl from 'gramlog/gdl';
import { readRepoFile } from './helpers.js';

describe("import from 'gramlog'", () => {
  it('parses, evaluates and queries as the README shows', () => {
    const program = parseProgram('(parent ann bob) (parent bob carol) (<= (anc ?x ?y) (parent ?x ?y)) (<= (anc ?x ?z) (parent ?x ?y) (anc ?y ?z))', { file: 'family.kif' });
    expect(evaluate(program).query('(anc ?x ?y)')).toEqual(['(anc ann bob)', '(anc ann carol)', '(anc bob carol)']);
    expect(query('(p 2) (p 1)', '(p ?x)')).toEqual(['(p 1)', '(p 2)']);
  });

  it('throws GramlogError with code and span on bad input', () => {
    let caught: unknown;
    try {
      parseProgram('(p a))', { file: 'x.kif' });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(GramlogError);
    expect((caught as GramlogError).code).toBe('syntax/unexpected-close');
    expect((caught as GramlogError).span).toMatchObject({ file: 'x.kif', line: 1, column: 6 });
  });
});

const readTree = (): string => readRepoFile('rules/tree.gdl');

/** The values the root exported in 0.1.0 (before the front door). */
const ROOT_0_1 = [
  'FILE_KINDS', 'GramlogError', 'Model', 'Program', 'STYLES', 'Store', 'analyzeLayers', 'arbitraryArtifact',
  'artifactFacts', 'artifactGenerator', 'artifactModel', 'artifactViolations', 'checkProperties', 'compileGrammar',
  'compileGraphGrammar', 'compileStyle', 'createRandom', 'createStateMachine', 'diagnose', 'evaluate', 'explain',
  'explainGraph', 'explainLayers', 'forEachStatement', 'formatDot', 'formatGraphDot', 'formatGraphJson',
  'formatGraphText', 'formatJson', 'formatLayerText', 'formatMasterText', 'formatText', 'generate', 'generateArtifact',
  'generateFrom', 'generateGraph', 'generateLayers', 'graphArtifactModel', 'graphRuleLocality', 'graphViolations',
  'isLayerProgram', 'layerArtifactJson', 'lintLibrary', 'load', 'loadGame', 'loadProgram', 'master', 'masterJson',
  'parse', 'parseBlueprints', 'parseLiteral', 'parseProgram', 'parseTerm', 'prepareLayers', 'printBlueprintFile',
  'printLiteral', 'printStatement', 'printTerm', 'printTree', 'query', 'randomPlayout', 'readFactTable',
  'readGraphInput', 'setDefaultMemoryBudget', 'shrinkArtifact', 'simulate', 'styleNamed', 'styleOf', 'validateGame',
  'validationToJson',
];

/** The root's values now: the verbs, the style registry, the error type and the classes (docs/guides/library.md). */
const ROOT = [
  'FILE_KINDS', 'GramlogError', 'Model', 'Program', 'STYLES', 'Store',
  'check', 'compile', 'createRandom', 'createStateMachine', 'diagnose', 'evaluate', 'generate', 'load', 'master',
  'parse', 'query', 'simulate', 'styleNamed', 'styleOf', 'validate',
];

describe('the front door', () => {
  it('is a small set of values (at most 25), exactly the documented ones', () => {
    const values = Object.keys(gramlog).sort();
    expect(values.length).toBeLessThanOrEqual(25);
    expect(values).toEqual([...ROOT].sort());
  });

  it('keeps every name it no longer exports in gramlog/deprecated, and nothing else there', () => {
    const removed = ROOT_0_1.filter((n) => !(n in gramlog));
    expect(removed.length).toBeGreaterThan(40);
    for (const n of removed) expect(deprecated, n).toHaveProperty(n);
    // generate changed meaning at the root: the deprecated one is the old, tree-grammar one
    expect(Object.keys(deprecated).sort()).toEqual([...removed, 'generate'].sort());
    expect(deprecated.generate).toBe(grammar.generate);
    expect(deprecated.validateGame).toBe(gdl.validateGame);
  });

  it('every subpath export is an entry of src/api/ with its types, in the API reference and the library guide', () => {
    const pkg = JSON.parse(readRepoFile('package.json')) as { exports: Record<string, { types: string; import: string; default: string }> };
    const typedoc = JSON.parse(readRepoFile('typedoc.json')) as { entryPoints: string[] };
    const guide = readRepoFile('docs/guides/library.md');
    const subpaths = Object.keys(pkg.exports).filter((k) => k !== '.');
    expect(subpaths.length).toBeGreaterThanOrEqual(8);
    for (const k of subpaths) {
      const name = k.slice(2);
      expect(pkg.exports[k]).toEqual({ types: `./dist/api/${name}.d.ts`, import: `./dist/api/${name}.js`, default: `./dist/api/${name}.js` });
      expect(typedoc.entryPoints, k).toContain(`src/api/${name}.ts`);
      expect(guide, k).toContain(`\`gramlog/${name}\``);
      expect(readRepoFile(`src/api/${name}.ts`), k).toContain(`@module gramlog/${name}`);
    }
  });

  it('generate at the root is the generic generator; the tree grammar one is in gramlog/grammar', () => {
    const tree = readTree();
    const viaRoot = gramlog.generate({ file: 'tree.gdl', text: tree }, 3);
    expect(viaRoot.text).toBe(grammar.formatText(grammar.generate(tree, { seed: 3 })));
    const compiled = gramlog.compile([{ file: 'tree.gdl', text: tree }]);
    expect(gramlog.generate(compiled, 3).text).toBe(viaRoot.text);
  });

  it('validate and check are validateGame and checkProperties under their root names', () => {
    expect(gramlog.validate('(role r)', { file: 'b.kif' }).ok).toBe(false);
    const r = gramlog.check(loadProgram([{ file: 't.gdl', text: readTree() }]), { runs: 3, seed: 1 });
    expect(r.ok).toBe(true);
  });
});

describe('GDL from the API', () => {
  const GAME = '(role white) (role black) (init (control white))\n' +
    '(<= (legal ?r noop) (role ?r)) (<= (next (control black)) (true (control white)))\n' +
    '(<= terminal (true (control black))) (goal white 100) (goal black 0)\n' +
    '(base (control white)) (base (control black)) (input white noop) (input black noop)';

  it('validateGame is exported, with its result types', () => {
    const r: gramlog.ValidationResult = gramlog.validate(GAME, { file: 'g.kif' });
    expect(r.ok).toBe(true);
    expect(r.roles).toEqual(['white', 'black']);
    const json: gramlog.ValidationJson = gdl.validationToJson(r);
    expect(json).toMatchObject({ file: 'g.kif', ok: true });
    const bad = gdl.validateGame('(role r)', { file: 'b.kif' });
    expect(bad.ok).toBe(false);
    const f: gramlog.Finding | undefined = bad.findings[0];
    expect(f?.severity).toBe('error');
  });

  it('createStateMachine gives role names and takes maxFacts', () => {
    const program = loadProgram([{ file: 'g.kif', text: GAME }], { builtins: false });
    const sm = gramlog.createStateMachine(program);
    expect(sm.roleNames).toEqual(['white', 'black']);
    expect(sm.roles.map((r) => sm.print(r))).toEqual(sm.roleNames);
    const big = loadProgram([{ file: 'c.kif', text: GAME + '\n(succ 0 1) (succ 1 2) (succ 2 3) (n 0) (<= (n ?y) (n ?x) (succ ?x ?y))' }], { builtins: false });
    // The static model stops at 2 facts: the engine evaluates the static relations on demand (no rule asks about n/1).
    const small = gramlog.createStateMachine(big, { maxFacts: 2 });
    expect(small.executor).toBe('engine');
    expect(small.fallbackReason).toMatch(/evaluation stopped after deriving 2 facts/);
    expect(small.legalMoves(small.initialState(), 0).map((m) => small.print(m))).toEqual(['noop']);
    expect(gramlog.createStateMachine(big, { maxFacts: 1000 }).roleNames).toEqual(['white', 'black']);
    // A relation the game needs whole (legal, from role) past the limit still stops it, with the limit error.
    expect(() => gramlog.createStateMachine(program, { maxFacts: 1, executor: 'engine' })).toThrow(/evaluation stopped after deriving 1 facts: legal\/2/);
  });
});

describe('the README state machine example', () => {
  it('prints what its comments say', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const text = readFileSync(join(import.meta.dirname, '..', 'games/tictactoe.kif'), 'utf8');
    expect(gdl.validateGame(text, { file: 'games/tictactoe.kif' }).ok).toBe(true);
    const sm = gramlog.createStateMachine(loadProgram([{ file: 'games/tictactoe.kif', text }], { builtins: false }), { maxFacts: 20_000_000 });
    expect(sm.roleNames).toEqual(['white', 'black']);
    expect(sm.legalMoves(sm.initialState(), 0).map((m) => sm.print(m))[0]).toBe('(play 1 1)');
  });
});
