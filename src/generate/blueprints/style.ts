/**
 * Blueprint libraries (.bp files) behind the one Style contract
 * (../style.ts): "generating" is mastering a blueprint or {factory}
 * (`entry`) with a seed; rule files among the sources hold `violation` rules
 * over the master's facts; analyze is the library's lint.
 *
 * Also the one place where a master supplies params to another style's
 * program (`generate GRAMMAR --blueprint FILE.bp:NAME`): `supplyParams`.
 */
import { GramlogError, type Diagnostic } from '../../errors.js';
import type { Program } from '../../program/program.js';
import { parse } from '../../syntax/parser.js';
import type { SyntaxTree } from '../../syntax/ast.js';
import { findings } from '../style-load.js';
import { engineOptions, placeOf, type Style, type StyleSource } from '../style.js';
import { appendViolations, type Violations } from '../violations.js';
import { formatMasterText, masterJson } from './format.js';
import { parseBlueprints, type Library } from './library.js';
import { lintLibrary } from './lint.js';
import { masterRuleWarnings, masterRules, masterViolations, scalarParams, type MasterRules } from './master-facts.js';
import { master, type Master } from './master.js';
import { blueprintParamFindings, withMasterParams } from './params.js';
import { BLUEPRINT_SCHEMA } from './schema.js';
import { blueprintsEditor } from './editor.js';
import { blueprintsPanel } from './playground.js';
import { drawSeed } from '../satisfy/draws.js';
import { blueprintChoices, blueprintSatisfy, masterWith } from './satisfy.js';
import { drawControl } from '../satisfy/controlled.js';
import { libraryFacts } from './query-facts.js';
import { blueprintCheck, EntrySource } from './check-artifact.js';

export interface BlueprintGrammar {
  library: Library;
  rules: MasterRules;
}

export interface MasterArtifact {
  master: Master;
  violations: Violations;
}

/** A library file (the rest are rule files): a .bp name, or standard input. */
export function isLibrarySource(s: StyleSource): boolean {
  return /\.bp$/i.test(s.file) || s.file === '<stdin>' || s.file === '-';
}

/**
 * Whether the text's first token, after blank space and `;` comment lines, is
 * `@blueprint`, `@mod`, `@factory` or `@function`. A scan, not a regular
 * expression: `^(?:\s*;[^\n]*\n|\s)*@...` backtracked exponentially on a file
 * of blank and comment lines that does not open with one (a fuzzed graph
 * file of 18 KB hung `analyze` for minutes).
 */
export function opensWithDirective(text: string): boolean {
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === ';') {
      const end = text.indexOf('\n', i);
      if (end < 0) return false;
      i = end + 1;
    } else if (/\s/.test(c)) i++;
    else break;
  }
  return /^@(?:blueprint|mod|factory|function)\b/.test(text.slice(i, i + 16));
}

/** The key of NAME: the blueprint NAME, else the factory {NAME} when there is one. */
export function entryKey(library: Library, name: string): string {
  return library.definitions.has(name) || !library.definitions.has(`{${name}}`) ? name : `{${name}}`;
}

/**
 * The program with the master's scalar properties as `(param KEY VALUE)`
 * facts, and the params it supplied (KEY, VALUE as text). The one place the
 * `--blueprint` feed goes through: a check that a property matches the
 * param's declared kind (vocabulary work, issue 19) belongs here.
 */
export function supplyParams(program: Program, m: Master, spec: string): { program: Program; params: Array<[string, string]> } {
  return { program: withMasterParams(program, m, spec), params: scalarParams(m) };
}

export const blueprintsStyle: Style<BlueprintGrammar, MasterArtifact> = {
  name: 'blueprints',
  title: 'blueprint library',
  schema: BLUEPRINT_SCHEMA,
  formats: ['text', 'json'],
  extraFiles: 'library',
  accepts: { entry: true, choose: 'PATH#N=INDEX' },
  recognise: ({ file, text }) => /\.bp$/i.test(file) || opensWithDirective(text),
  compile(sources, options = {}) {
    const lib = findings(() => parseBlueprints(sources.filter(isLibrarySource)), true);
    const library = lib.value;
    if (!library) return { style: 'blueprints', grammar: undefined, diagnostics: lib.diagnostics };
    const diagnostics: Diagnostic[] = lintLibrary(library);
    if (diagnostics.some((d) => d.severity === 'error')) return { style: 'blueprints', grammar: undefined, diagnostics };
    const trees = findings(() => sources.filter((s) => !isLibrarySource(s)).map((s): SyntaxTree => parse(s.text, { file: s.file })), true);
    if (!trees.value) return { style: 'blueprints', grammar: undefined, diagnostics: [...diagnostics, ...trees.diagnostics] };
    const rules = masterRules(library, trees.value, engineOptions(options));
    return { style: 'blueprints', grammar: { library, rules }, diagnostics: [...diagnostics, ...masterRuleWarnings(rules)] };
  },
  generate(g, seed, options = {}) {
    const control = drawControl('blueprint/choose', options.choose && options.choose.length > 0 ? blueprintChoices(options.choose) : new Map());
    const drawn = masterWith(g, drawSeed(seed, options.redraw), options, control);
    // a master's facts do not hold its seed: its violations are the drawn master's
    return options.redraw ? { master: { ...drawn.master, seed }, violations: drawn.violations } : drawn;
  },
  violations: (a) => a.violations,
  format(a, format, violations) {
    if (format === 'json') return masterJson(a.master, violations) + '\n';
    return appendViolations(formatMasterText(a.master), violations);
  },
  entryProblem(g, entry) {
    try {
      master(g.library, entryKey(g.library, entry), { seed: 0 });
      return undefined;
    } catch (e) {
      // a NAME the library lacks (an error with no place in a file) is a bad argument
      if (e instanceof GramlogError && !e.span) return `${g.library.files.map((f) => f.file).join(' ')}: ${e.message}`;
      throw e;
    }
  },
  check: blueprintCheck,
  entrySource: (g, entry) => new EntrySource(g, entryKey(g.library, entry)),
  async analyze(sources) {
    const lib = findings(() => parseBlueprints(sources.filter(isLibrarySource)), true);
    const library = lib.value;
    if (!library) return { diagnostics: lib.diagnostics, analysis: undefined };
    const found = lintLibrary(library);
    const file = sources.map((s) => s.file).join(' ');
    const counts = { blueprint: 0, mod: 0, factory: 0 };
    for (const d of library.definitions.values()) counts[d.kind]++;
    return {
      diagnostics: [],
      analysis: {
        header: [`${file}: ${counts.blueprint} blueprint(s), ${counts.mod} mod(s), ${counts.factory} factory(ies), ${library.sets.size} domain set(s)`],
        findings: found,
        notes: [],
        json: { file, findings: found.map((f) => ({ check: f.code, severity: f.severity, message: f.message, ...placeOf(f.span) })) },
      },
    };
  },
  satisfy: blueprintSatisfy,
  budgets: ['blueprint/budget'],
  feed: {
    artifact: (g, entry, seed) => master(g.library, entryKey(g.library, entry), { seed }),
    findings: (g, entry, program, generatorFile) => blueprintParamFindings(g.library, entry, program, generatorFile),
    supply: supplyParams,
  },
  facts: libraryFacts,
  editor: blueprintsEditor,
  playground: { panel: blueprintsPanel },
};

/** Whether a compiled library has NAME (a blueprint, or the factory {NAME}). */
export function hasEntry(g: BlueprintGrammar, name: string): boolean {
  return g.library.definitions.has(entryKey(g.library, name));
}
