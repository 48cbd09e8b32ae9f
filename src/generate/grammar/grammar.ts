/**
 * Reading a rule file as a grammar: the program with params applied, its
 * static model (evaluated once), the start symbol and arguments, every
 * nonterminal's rules with base weights and children, the limits, and which
 * reserved relations the per-node evaluation must inject and read.
 */
import { didYouMean } from '../../did-you-mean.js';
import { GramlogError, throwIfErrors } from '../../errors.js';
import { grammarLoadFindings } from './load-findings.js';
import { checkVocabulary } from '../vocabulary-check.js';
import { GRAMMAR_SCHEMA } from './schema.js';
import { evaluate } from '../../engine/evaluate.js';
import type { Model } from '../../engine/model.js';
import { loadProgram, type Source } from '../../program/load.js';
import { compareTerms, printAtom } from '../../program/order.js';
import type { Program } from '../../program/program.js';
import { applyParams } from '../params.js';
import { dependsOn, isRead, mentionsNodeIds, nodeDependentRelations, pruneForGeneration, readRelations } from './dependencies.js';
import {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_NODES,
  NODE_RELATIONS,
  OUTPUT_RELATIONS,
  PRESELECTOR_RELATIONS,
  relationIds,
  statementSpan,
  STATIC_RELATIONS,
} from './vocabulary.js';
import type { ChildDef, Grammar, GrammarOptions, GrammarSource, Nonterminal, RuleDef } from './types.js';

export type { ChildDef, RuleDef, Nonterminal, GrammarOptions, Grammar, GrammarSource };

/** A file with no (start SYMBOL): a finding about the whole file, at its first character. */
function noStart(file: string | undefined): GramlogError {
  return new GramlogError(
    'generate/no-start',
    'the rule file declares no (start SYMBOL): nothing to generate',
    file === undefined ? undefined : { file, line: 1, column: 1, offset: 0, endLine: 1, endColumn: 1, endOffset: 0 },
  );
}

/** Read a program (or rule text) as a grammar; throws a GramlogError on any problem. */
export function compileGrammar(source: GrammarSource, options: GrammarOptions = {}): Grammar {
  const { whole, program } = loadGrammarProgram(source, options);
  const dependent = nodeDependentRelations(program);
  checkStaticRelations(program, dependent);
  const base = evaluate(program);
  const terms = program.terms;
  const tuples = (name: string, arity: number) => base.tuples(name, arity);
  const span: SpanOf = (name, arity, column, value) => statementSpan(program, name, arity, column, value === undefined ? undefined : terms.print(value));

  const start = readStart(program, tuples('start', 1), span);
  const startArgs = startArguments(program, tuples('startarg', 2));
  const { rules, nonterminals } = readRules(program, tuples('rule', 3) as Array<[number, number, number]>, span);
  readChildren(program, tuples('child', 3) as Array<[number, number, number]>, rules, span);

  const findings = grammarLoadFindings(whole, { start, nonterminals, rules });
  throwIfErrors(findings);

  const ruleList = [...rules.values()].sort((a, b) => compareTerms(terms, a.term, b.term));
  ruleList.forEach((r, i) => (r.serial = i));
  const selectorRel = relationIds(program, PRESELECTOR_RELATIONS);
  const outputRel = relationIds(program, OUTPUT_RELATIONS);
  const attr = outputRel.attr;
  const childarg = outputRel.childarg;
  const choseRel = program.findRelation('chose', 2)?.id;
  return {
    program,
    source: whole,
    base,
    start,
    startArgs,
    nonterminals,
    rules,
    ruleList,
    maxDepth: limit(program, base, 'maxdepth', DEFAULT_MAX_DEPTH),
    maxNodes: limit(program, base, 'maxnodes', DEFAULT_MAX_NODES),
    params: tuples('param', 2).map((t) => [terms.print(t[0] as number), terms.print(t[1] as number)] as const),
    nodeRel: readRelations(program, relationIds(program, NODE_RELATIONS)),
    selectorRel,
    outputRel,
    injectAncestors: isRead(program, 'parent', 2) || isRead(program, 'chose', 2),
    attrPerNode: attr !== undefined && dependent[attr] === 1,
    attrNeedsChoice: attr !== undefined && choseRel !== undefined && dependsOn(program, attr, choseRel),
    childargPerNode: childarg !== undefined && dependent[childarg] === 1,
    mentionsNodeIds: mentionsNodeIds(program),
    warnings: findings,
  };
}

/** The span of the statement that gives a fact `(name ...)` (its column-th argument, the value printed when given). */
type SpanOf = (name: string, arity: number, column: number, value?: number) => ReturnType<typeof statementSpan>;

/** The program, with params applied and checked against the grammar vocabulary (`whole`), and pruned for generation. */
function loadGrammarProgram(source: GrammarSource, options: GrammarOptions): { whole: Program; program: Program } {
  let program: Program;
  if (typeof source === 'string') program = loadProgram([{ text: source, file: options.file ?? '<grammar>' }]);
  else if (isSourceList(source)) program = loadProgram(source);
  else program = source;
  throwIfErrors(program.diagnostics);
  const whole = applyParams(program, options.params);
  throwIfErrors(whole.diagnostics);
  // a file that writes neither (start ...) nor (rule ...) is no tree grammar (plain rules, say, that define
  // their own parent relation): say that, rather than judge its relations by the grammar vocabulary
  if (!whole.statements.some((st) => st.head.pred === 'start' || st.head.pred === 'rule')) throw noStart(whole.files[0]);
  // arities, argument kinds, facts and injected relations, from the schema
  throwIfErrors(checkVocabulary(whole.statements, GRAMMAR_SCHEMA));
  return { whole, program: pruneForGeneration(whole) };
}

/** The relations read once per program must not depend on the node being expanded. */
function checkStaticRelations(program: Program, dependent: ReturnType<typeof nodeDependentRelations>): void {
  for (const [name, arity] of Object.entries(STATIC_RELATIONS)) {
    const info = program.findRelation(name, arity);
    if (info && dependent[info.id]) {
      throw new GramlogError(
        'generate/static',
        `(${name} ...) must not depend on the node being expanded (symbol, arg, depth, parent, chose, applied): it is read once per program`,
        statementSpan(program, name, arity, 0),
      );
    }
  }
}

/** The one start symbol. */
function readStart(program: Program, starts: ReturnType<Model['tuples']>, span: SpanOf): number {
  const terms = program.terms;
  const start = starts[0]?.[0];
  if (start === undefined) throw noStart(program.files[0]);
  if (starts.length > 1) {
    throw new GramlogError(
      'generate/start',
      `the rule file declares ${starts.length} start symbols (${starts.map((t) => terms.print(t[0] as number)).join(', ')}); give exactly one`,
      span('start', 1, 0, (starts[1] as number[])[0]),
    );
  }
  return start;
}

/** The (rule NT RULE WEIGHT) facts: each rule once, with a number for its weight; each nonterminal's rules in term order. */
function readRules(program: Program, facts: ReadonlyArray<[number, number, number]>, span: SpanOf): { rules: Map<number, RuleDef>; nonterminals: Map<number, Nonterminal> } {
  const terms = program.terms;
  const rules = new Map<number, RuleDef>();
  const nonterminals = new Map<number, Nonterminal>();
  for (const [nt, rule, weight] of facts) {
    const where = span('rule', 3, 1, rule);
    const w = terms.numberValue(weight);
    if (w === undefined) {
      throw new GramlogError('generate/weight', `the weight of rule ${terms.print(rule)} must be a number, not ${terms.print(weight)}`, where);
    }
    const prev = rules.get(rule);
    if (prev) {
      throw new GramlogError(
        'generate/rule-twice',
        prev.nt === nt
          ? `rule ${terms.print(rule)} of ${terms.print(nt)} has two weights (${prev.weight} and ${w}); give one`
          : `rule name ${terms.print(rule)} is used for two nonterminals (${terms.print(prev.nt)} and ${terms.print(nt)}); rule names must be unique`,
        where,
      );
    }
    let def = nonterminals.get(nt);
    if (!def) {
      def = { term: nt, name: terms.print(nt), rules: [], weights: new Float64Array(0) };
      nonterminals.set(nt, def);
    }
    const r: RuleDef = { term: rule, name: terms.print(rule), nt, index: 0, serial: 0, weight: w, children: [], span: where };
    def.rules.push(r);
    rules.set(rule, r);
  }
  if (rules.size === 0) {
    throw new GramlogError('generate/no-rules', 'the rule file declares no (rule NT RULE WEIGHT): nothing to expand');
  }
  for (const nt of nonterminals.values()) {
    nt.rules.sort((a, b) => compareTerms(terms, a.term, b.term));
    nt.rules.forEach((r, i) => (r.index = i));
    nt.weights = Float64Array.from(nt.rules, (r) => r.weight);
  }
  return { rules, nonterminals };
}

/** The (child RULE INDEX SYMBOL) facts: each names a rule, a number for its index, one child per index; in index order. */
function readChildren(program: Program, facts: ReadonlyArray<[number, number, number]>, rules: ReadonlyMap<number, RuleDef>, span: SpanOf): void {
  const terms = program.terms;
  for (const [rule, index, symbol] of facts) {
    const where = span('child', 3, 0, rule);
    const def = rules.get(rule);
    if (!def) {
      const hint = didYouMean(terms.print(rule), [...rules.values()].map((r) => r.name));
      throw new GramlogError('generate/unknown-rule', `(child ${terms.print(rule)} ...) names no rule: there is no (rule NT ${terms.print(rule)} WEIGHT)${hint}`, where);
    }
    const i = terms.numberValue(index);
    if (i === undefined) {
      throw new GramlogError('generate/child-index', `child index ${terms.print(index)} of rule ${def.name} must be a number`, where);
    }
    const clash = def.children.find((c) => c.index === i);
    if (clash) {
      throw new GramlogError(
        'generate/child-index',
        `rule ${def.name} has two children at index ${terms.print(index)} (${terms.print(clash.symbol)} and ${terms.print(symbol)})`,
        where,
      );
    }
    def.children.push({ index: i, symbol });
  }
  for (const r of rules.values()) r.children.sort((a, b) => a.index - b.index);
}

function isSourceList(source: GrammarSource): source is readonly Source[] {
  return Array.isArray(source);
}

/**
 * `(maxdepth D)` / `(maxnodes N)`: at most one, a whole number of at least 1.
 * No ceiling: what an artifact may cost is bounded by the memory budget
 * (../memory.ts), measured while it grows, not guessed from the count.
 */
function limit(program: Program, base: Model, name: 'maxdepth' | 'maxnodes', def: number): number {
  const rows = base.tuples(name, 1);
  if (rows.length === 0) return def;
  const terms = program.terms;
  const where = statementSpan(program, name, 1, 0);
  if (rows.length > 1) {
    throw new GramlogError(`generate/${name}`, `(${name} ...) is given ${rows.length} times; give one`, where);
  }
  const id = (rows[0] as number[])[0] as number;
  const v = terms.numberValue(id);
  if (v === undefined || !Number.isSafeInteger(v) || v < 1) {
    throw new GramlogError(`generate/${name}`, `(${name} ${terms.print(id)}) must be a whole number of at least 1`, where);
  }
  return v;
}

/** Key/value pairs of startarg (one value per key), sorted by key. */
function startArguments(program: Program, rows: number[][]): Array<readonly [number, number]> {
  const name = 'startarg';
  const terms = program.terms;
  const out: Array<readonly [number, number]> = [];
  for (const row of rows) {
    const [k, v] = row as [number, number];
    const prev = out.find((p) => p[0] === k);
    if (prev) {
      throw new GramlogError(
        `generate/${name}`,
        `${printAtom(terms, name, [k, prev[1]])} and ${printAtom(terms, name, [k, v])} give two values for ${terms.print(k)}`,
        statementSpan(program, name, row.length, 0, terms.print(k)),
      );
    }
    out.push([k, v]);
  }
  return out;
}
