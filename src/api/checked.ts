/**
 * The public functions with their arguments checked (see ./arguments.ts):
 * src/index.ts exports these, so a library user who passes `undefined`, a
 * number for a text or an object of the wrong kind gets a GramlogError with
 * code `api/argument` naming the function and the parameter, never a raw
 * TypeError and never a quiet empty result. The internal modules call each
 * other directly, unchecked.
 */
import * as syntax from '../syntax/parser.js';
import * as printer from '../syntax/printer.js';
import * as load from '../program/load.js';
import * as factsTable from '../program/facts-table.js';
import { Program } from '../program/program.js';
import * as engine from '../engine/index.js';
import * as random from '../random.js';
import * as grammar from '../generate/grammar/index.js';
import * as memory from '../generate/memory.js';
import * as layers from '../generate/layers/index.js';
import * as graph from '../generate/graph/index.js';
import * as checks from '../check/index.js';
import * as machine from '../gdl/machine/statemachine.js';
import * as validate from '../gdl/validate/validate.js';
import * as playout from '../gdl/play/playout.js';
import * as loadGame from '../gdl/checks/load-game.js';
import * as sim from '../gdl/play/simulate.js';
import * as blueprints from '../generate/blueprints/index.js';
import * as styles from '../generate/styles.js';
import * as diagnosis from '../diagnose.js';
import { throwIfErrors } from '../errors.js';
import {
  type Param,
  arrayOf,
  check,
  count,
  either,
  func,
  guard,
  instance,
  isObject,
  object,
  optional,
  options,
  seed,
  shape,
  string,
  type Check,
} from './arguments.js';

// ---------------------------------------------------------------------------
// the kinds of value the API takes

const text = string;
const file = string;
const program = instance('a Program (from parseProgram or loadProgram)', Program);
const source = shape('a source {text, file}', { text: 'string', file: 'string' });
const sources = arrayOf(source, 'an array of sources {text, file}');
const KINDS: Readonly<Record<string, readonly string[]>> = {
  term: ['const', 'var', 'str', 'compound'],
  literal: ['atom', 'not', 'or', 'distinct'],
  statement: ['statement'],
};
const syntaxNode = (what: string, kinds: readonly string[]): Check => check(what, (v) => isObject(v) && kinds.includes(v['kind'] as string));
const term = syntaxNode('a term (from parseTerm)', KINDS['term'] as string[]);
const literal = syntaxNode('a literal (from parseLiteral)', KINDS['literal'] as string[]);
const statement = syntaxNode('a statement (from parse)', KINDS['statement'] as string[]);
const tree = shape('a syntax tree (from parse)', { file: 'string', statements: 'array' });
const parseOptions = options({ file });
const grammarObject = shape('a compiled grammar (from compileGrammar)', { ruleList: 'array', nonterminals: 'object', program: 'object' });
const grammarSource = either(string, program, sources);
/**
 * A grammar artifact: `nodeCount` a number and `root` an object, or the lazy
 * getter generate puts there, which is not called (reading it makes the text
 * form that formatJson can do without: artifact.ts's attachLazyTree).
 */
const artifact = check('a grammar artifact (from generate)', (v) => isObject(v) && typeof v['nodeCount'] === 'number' && rootIsObject(v));
function rootIsObject(v: Record<string, unknown>): boolean {
  for (let o: object | null = v; o !== null; o = Object.getPrototypeOf(o) as object | null) {
    const d = Object.getOwnPropertyDescriptor(o, 'root');
    if (d) return d.get !== undefined || (typeof d.value === 'object' && d.value !== null);
  }
  return false;
}
const graphGrammar = check('a graph grammar (from compileGraphGrammar)', (v) => isObject(v) && v['kind'] === 'graph' && Array.isArray(v['stages']));
const graphArtifact = check('a graph artifact (from generateGraph)', (v) => isObject(v) && v['kind'] === 'graph' && Array.isArray(v['nodes']) && Array.isArray(v['edges']));
const layerGrammar = check('a layer grammar (from prepareLayers)', (v) => isObject(v) && v['program'] instanceof Program && Array.isArray(v['layers']) && !('seed' in v));
const layerArtifact = check('a layer artifact (from generateLayers)', (v) => isObject(v) && v['program'] instanceof Program && Array.isArray(v['layers']) && 'seed' in v);
const library = check('a blueprint library (from parseBlueprints)', (v) => isObject(v) && v['definitions'] instanceof Map && Array.isArray(v['files']));
const masterValue = shape('a master (from master)', { blueprint: 'string', properties: 'object' });
const blueprintFile = shape('a blueprint file (from a library\'s files)', { file: 'string', blocks: 'array' });
const stateMachine = shape('a state machine (from createStateMachine)', { roles: 'array', goals: 'function' });
const randomSource = shape('a Random (from createRandom)', { next: 'function', int: 'function' });
const checkSource = either(string, program, graphGrammar);
const generator = check('an artifact generator (from artifactGenerator)', (v) => isObject(v) && typeof v['style'] === 'string' && v['program'] instanceof Program);
const generated = shape('a generated artifact (from an artifact generator)', { style: 'string', seed: 'number' });
const validation = shape('a validation result (from validateGame)', { file: 'string', findings: 'array' });
const budget = optional(shape('a memory budget {used(), limit}', { used: 'function', limit: 'number' }));
const factSource = shape('a fact table source {name, text}', { name: 'string', text: 'string' });
const violations = optional(arrayOf(string, 'an array of strings'));
const params = optional(object);
const limit = optional(count);
const genOptions = options({ seed: optional(seed), params, explain: optional(check('true or false', (v) => typeof v === 'boolean')) });

// ---------------------------------------------------------------------------
// syntax

export const parse = guard('parse', [['text', text], ['options', parseOptions]], syntax.parse);
export const parseTerm = guard('parseTerm', [['text', text], ['options', parseOptions]], syntax.parseTerm);
export const parseLiteral = guard('parseLiteral', [['text', text], ['options', parseOptions]], syntax.parseLiteral);
export const forEachStatement = guard(
  'forEachStatement',
  [['text', text], ['options', parseOptions], ['onStatement', func], ['onWarning', optional(func)]],
  syntax.forEachStatement,
);
export const printTerm = guard('printTerm', [['term', term]], printer.printTerm);
export const printLiteral = guard('printLiteral', [['literal', literal]], printer.printLiteral);
export const printStatement = guard('printStatement', [['statement', statement]], printer.printStatement);
export const printTree = guard('printTree', [['tree', tree]], printer.printTree);

// ---------------------------------------------------------------------------
// programs and evaluation

export const parseProgram = guard('parseProgram', [['text', text], ['options', options({ file, maxFacts: limit })]], load.parseProgram);
export const loadProgram = guard('loadProgram', [['sources', sources], ['options', options({ maxFacts: limit })]], load.loadProgram);
export const readFactTable = guard('readFactTable', [['program', program], ['source', factSource]], factsTable.readFactTable);
export const evaluate = guard('evaluate', [['program', program], ['options', options({ maxFacts: limit })]], engine.evaluate);
export const createRandom = guard('createRandom', [['seed', seed]], random.createRandom);

/** Load sources as one program; throws on syntax errors only (see `program.diagnostics`). */
const budgetNumber = optional(check('a number', (v) => typeof v === 'number' && !Number.isNaN(v)));
const engineBudgets = { maxFacts: limit, maxWork: budgetNumber, deadline: budgetNumber };
export const loadSources = guard(
  'load',
  [['sources', sources], ['options', options(engineBudgets)]],
  (s: readonly load.Source[], o: { maxFacts?: number; maxWork?: number; deadline?: number } = {}) => load.loadProgram(s, o),
);

/** Evaluate program text and answer one goal: sorted canonical atoms. */
export const query = guard(
  'query',
  [['text', text], ['goal', string], ['options', options({ file, ...engineBudgets })]],
  (programText: string, goal: string, opts: { file?: string; maxFacts?: number; maxWork?: number; deadline?: number } = {}): string[] => {
    const { file: name, ...budgets } = opts;
    const p = load.loadProgram([{ text: programText, file: name ?? '<input>' }], budgets);
    throwIfErrors(p.diagnostics);
    return engine.evaluate(p).query(goal);
  },
);

// ---------------------------------------------------------------------------
// tree grammars

export const generate = guard('generate', [['source', either(grammarSource, grammarObject)], ['options', genOptions]], grammar.generate);
export const generateFrom = guard('generateFrom', [['grammar', grammarObject], ['seed', optional(seed)], ['options', options()]], grammar.generateFrom);
export const compileGrammar = guard('compileGrammar', [['source', grammarSource], ['options', options({ params })]], grammar.compileGrammar);
export const explain = guard('explain', [['artifact', artifact]], grammar.explain);
export const artifactFacts = guard('artifactFacts', [['artifact', artifact]], grammar.artifactFacts);
export const artifactModel = guard('artifactModel', [['artifact', artifact], ['extra', optional(sources)], ['options', options()]], grammar.artifactModel);
export const artifactViolations = guard('artifactViolations', [['artifact', artifact]], grammar.artifactViolations);
export const formatText = guard('formatText', [['artifact', artifact], ['violations', violations]], grammar.formatText);
export const formatJson = guard('formatJson', [['artifact', artifact], ['violations', violations]], grammar.formatJson);
export const formatDot = guard('formatDot', [['artifact', artifact], ['violations', violations]], grammar.formatDot);
export const setDefaultMemoryBudget = guard('setDefaultMemoryBudget', [['budget', budget]], memory.setDefaultMemoryBudget);

// ---------------------------------------------------------------------------
// layers

export const generateLayers = guard('generateLayers', [['input', either(program, layerGrammar)], ['options', genOptions]], layers.generateLayers);
export const explainLayers = guard('explainLayers', [['artifact', layerArtifact]], layers.explainLayers);
export const prepareLayers = guard('prepareLayers', [['input', program], ['options', options({ params })]], layers.prepareLayers);
export const analyzeLayers = guard('analyzeLayers', [['program', program], ['options', options()]], layers.analyzeLayers);
export const isLayerProgram = guard('isLayerProgram', [['program', program]], layers.isLayerProgram);
export const layerArtifactJson = guard('layerArtifactJson', [['artifact', layerArtifact]], layers.layerArtifactJson);
export const formatLayerText = guard('formatLayerText', [['artifact', layerArtifact]], layers.formatLayerText);

// ---------------------------------------------------------------------------
// graph grammars

export const compileGraphGrammar = guard('compileGraphGrammar', [['text', text], ['options', options({ file, params })]], graph.compileGraphGrammar);
export const generateGraph = guard(
  'generateGraph',
  [['grammar', graphGrammar], ['seed', seed], ['options', options({ graph: shape('a start graph {nodes, edges}', { nodes: 'array', edges: 'array' }) })]],
  graph.generateGraph,
);
export const explainGraph = guard('explainGraph', [['artifact', graphArtifact]], graph.explainGraph);
export const graphViolations = guard('graphViolations', [['artifact', graphArtifact]], graph.graphViolations);
export const graphArtifactModel = guard('graphArtifactModel', [['artifact', graphArtifact]], graph.graphArtifactModel);
export const graphRuleLocality = guard('graphRuleLocality', [['grammar', graphGrammar]], graph.graphRuleLocality);
export const readGraphInput = guard('readGraphInput', [['text', text], ['file', file]], graph.readGraphInput);
export const formatGraphJson = guard('formatGraphJson', [['artifact', graphArtifact], ['violations', violations]], graph.formatGraphJson);
export const formatGraphDot = guard('formatGraphDot', [['artifact', graphArtifact], ['violations', violations]], graph.formatGraphDot);
export const formatGraphText = guard('formatGraphText', [['artifact', graphArtifact]], graph.formatGraphText);

// ---------------------------------------------------------------------------
// property checks

const checkOptions = options({ runs: limit, seed: optional(seed), params, path: optional(string) });
const checkParams: Param[] = [['source', checkSource], ['options', checkOptions]];
export const checkProperties = guard('checkProperties', checkParams, checks.checkProperties);
/** The root's `check` (src/index.ts): checkProperties under its front-door name. */
export const checkRoot = guard('check', checkParams, checks.checkProperties);
export const arbitraryArtifact = guard('arbitraryArtifact', [['source', checkSource], ['options', options({ params })]], checks.arbitraryArtifact);
export const artifactGenerator = guard('artifactGenerator', [['program', program], ['options', options()]], checks.artifactGenerator);
export const shrinkArtifact = guard('shrinkArtifact', [['generator', generator], ['failing', generated], ['options', options()]], checks.shrinkArtifact);

// ---------------------------------------------------------------------------
// GDL games

export const createStateMachine = guard('createStateMachine', [['program', program], ['options', options({ maxFacts: limit })]], machine.createStateMachine);
const validateParams: Param[] = [
  ['text', text],
  ['options', options({ file, maxStates: limit, playouts: limit, maxDepth: limit, seed: optional(seed), maxFacts: limit })],
];
// the options are optional: the file name defaults to <input>
const validateText = (gameText: string, opts?: Partial<validate.ValidateOptions>): validate.ValidationResult =>
  validate.validateGame(gameText, { ...opts, file: opts?.file ?? '<input>' });
export const validateGame = guard('validateGame', validateParams, validateText);
/** The root's `validate` (src/index.ts): validateGame under its front-door name. */
export const validateRoot = guard('validate', validateParams, validateText);
export const validationToJson = guard('validationToJson', [['result', validation]], validate.validationToJson);
export const randomPlayout = guard('randomPlayout', [['sm', stateMachine], ['random', randomSource], ['maxDepth', count]], playout.randomPlayout);
export const loadGameProgram = guard('loadGame', [['text', text], ['file', file], ['options', options({ maxFacts: limit })]], loadGame.loadGame);
export const simulate = guard(
  'simulate',
  [['sm', stateMachine], ['options', options({ playouts: count, seed, maxDepth: limit }, ['playouts', 'seed'])]],
  sim.simulate,
);

// ---------------------------------------------------------------------------
// blueprints

const bpSources = arrayOf(source, 'an array of sources {text, file}');
export const parseBlueprints = guard('parseBlueprints', [['text', either(string, bpSources)], ['options', options({ file })]], blueprints.parseBlueprints);
export const master = guard('master', [['library', library], ['name', string], ['options', options({ seed: optional(seed) })]], blueprints.master);
export const lintLibrary = guard('lintLibrary', [['library', library]], blueprints.lintLibrary);
export const formatMasterText = guard('formatMasterText', [['master', masterValue]], blueprints.formatMasterText);
export const masterJson = guard('masterJson', [['master', masterValue], ['violations', violations]], blueprints.masterJson);
export const printBlueprintFile = guard('printBlueprintFile', [['file', blueprintFile]], blueprints.printBlueprintFile);

// ---------------------------------------------------------------------------
// every style through the Style registry (src/generate/styles.ts)

const styleSources = either(source, arrayOf(source, 'an array of sources {text, file}'));
const nonEmptySources = check('a non-empty array of sources {text, file}', (v) => Array.isArray(v) && v.length > 0 && v.every((s) => isObject(s) && typeof s['text'] === 'string' && typeof s['file'] === 'string'));
const styleName = check(`a style name (${styles.STYLES.map((s) => s.name).join(', ')})`, (v) => typeof v === 'string' && styles.styleNamed(v) !== undefined);
const compiledStyle = check('a compiled grammar (from compileStyle)', (v) => isObject(v) && typeof v['style'] === 'string' && 'grammar' in v);
const fileKind = check(`a file kind (${diagnosis.FILE_KINDS.join(', ')})`, (v) => typeof v === 'string' && (diagnosis.FILE_KINDS as readonly string[]).includes(v));

export const styleOf = guard('styleOf', [['source', styleSources]], styles.styleOf);
export const styleNamed = guard('styleNamed', [['name', string]], styles.styleNamed);
const compileParams: Param[] = [['sources', nonEmptySources], ['options', options({ style: optional(styleName), params })]];
export const compileStyle = guard('compileStyle', compileParams, styles.compileStyle);
const generateParams: Param[] = [['source', either(source, nonEmptySources, compiledStyle)], ['seed', optional(seed)], ['options', options({ params })]];
export const generateArtifact = guard('generateArtifact', generateParams, styles.generateArtifact);
/** The root's `compile` and `generate` (src/index.ts): compileStyle and generateArtifact under their front-door names. */
export const compileRoot = guard('compile', compileParams, styles.compileStyle);
export const generateRoot = guard('generate', generateParams, styles.generateArtifact);
export const diagnose = guard('diagnose', [['file', file], ['text', text], ['kind', optional(fileKind)], ['fallback', optional(fileKind)]], diagnosis.diagnose);
