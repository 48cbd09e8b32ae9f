/**
 * A Program: the statements of one or more syntax trees, with terms interned,
 * facts collected per relation, rules compiled (`or` expanded, `not` pushed
 * down) and the checks every consumer needs: safety, stratification, builtin
 * arity, one name used with two arities.
 *
 * Building never throws for a semantic problem: problems are diagnostics.
 * `parseProgram` (in load.ts) throws when there are errors.
 */
import type { Code, Diagnostic, Span } from '../errors.js';
import type { Atom, Literal, Statement, SyntaxTree, Term } from '../syntax/ast.js';
import { forEachStatement } from '../syntax/parser.js';
import { BUILTIN_ARITY, isBuiltinName } from './builtins.js';
import type { BodyLit, CompiledRule, Pattern, RelationInfo } from './rules.js';
import { relationKey } from './rules.js';
import { checkRuleSafety } from './schedule.js';
import { stratify, type Stratification } from './stratify.js';
import { TermTable } from './terms.js';
import { FactStore } from './fact-store.js';
import { pushAll } from '../arrays.js';
import { singletonWarnings, variableOccurrences } from './singletons.js';

export interface ProgramOptions {
  /** Treat `+ - * / < <= > >= =` as builtins (default true). GDL turns this off. */
  builtins?: boolean;
  /** Largest number of rules one statement may expand into through `or` (default 4096). */
  maxOrExpansion?: number;
  /**
   * Most facts an evaluation of this program (and of programs derived from it
   * with its options) may derive, when `evaluate` is not given `maxFacts`
   * (default 0: the engine's default, 5,000,000).
   */
  maxFacts?: number;
  /**
   * Most tuple visits one evaluation of this program (and of programs derived
   * from it) may make, when `evaluate` is not given `maxWork` (default 0: the
   * engine's default, 1,000,000,000; -1: unlimited).
   */
  maxWork?: number;
  /**
   * Wall-clock deadline of every evaluation of this program, in milliseconds
   * since the epoch (`Date.now() + 5000`), when `evaluate` is not given one
   * (default 0: none).
   */
  deadline?: number;
}

export type { GroundFact } from './fact-store.js';

/** A source text a program was loaded from (kept so that `statements` can be read again). */
interface TextSource {
  text: string;
  file: string;
}

export class Program {
  readonly terms = new TermTable();
  readonly relations: RelationInfo[] = [];
  /** The ground facts, compact (see fact-store.ts); read like an array of GroundFact. */
  readonly facts = new FactStore();
  readonly rules: CompiledRule[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly files: string[] = [];
  readonly options: Required<ProgramOptions>;
  private readonly relationIds = new Map<string, number>();
  private strat: Stratification | undefined;
  /** The syntax trees of every statement; undefined while they are to be read again from `texts`. */
  private trees: Statement[] | undefined = [];
  private texts: TextSource[] = [];
  private count = 0;
  /** Per relation id: when (a count of uses noted) and where it is first used, for messages. */
  private readonly firstUse: number[] = [];
  private readonly firstSpan: Span[] = [];
  private uses = 0;

  constructor(options: ProgramOptions = {}) {
    this.options = {
      builtins: options.builtins ?? true,
      maxOrExpansion: options.maxOrExpansion ?? 4096,
      maxFacts: options.maxFacts ?? 0,
      maxWork: options.maxWork ?? 0,
      deadline: options.deadline ?? 0,
    };
  }

  /** The id of relation name/arity, creating it if needed (for relations injected at run time). */
  relationId(name: string, arity: number): number {
    const key = relationKey(name, arity);
    let id = this.relationIds.get(key);
    if (id === undefined) {
      id = this.relations.length;
      this.relations.push({ id, name, arity });
      this.relationIds.set(key, id);
      this.strat = undefined;
    }
    return id;
  }

  findRelation(name: string, arity: number): RelationInfo | undefined {
    const id = this.relationIds.get(relationKey(name, arity));
    return id === undefined ? undefined : this.relations[id];
  }

  relationsNamed(name: string): RelationInfo[] {
    return this.relations.filter((r) => r.name === name);
  }

  /**
   * Every statement's syntax tree, in source order (`rule.statement` and
   * `fact.statement` index it). A program loaded from text (`loadProgram`)
   * keeps no trees, so that a file of a million facts costs no more than its
   * facts: the first read parses the texts again (the same statements, in the
   * same order) and keeps the result.
   */
  get statements(): Statement[] {
    if (this.trees) return this.trees;
    const all: Statement[] = [];
    for (const source of this.texts) forEachStatement(source.text, { file: source.file }, (st) => all.push(st));
    this.trees = all;
    this.texts = [];
    return all;
  }

  /** The number of statements (without reading their trees). */
  get statementCount(): number {
    return this.trees ? this.trees.length : this.count;
  }

  /** The span where relation `rel` is first used (as a head, fact or body literal), if it is used in a statement. */
  relationSpan(rel: number): Span | undefined {
    return this.firstSpan[rel];
  }

  /** @internal Note a use of relation `rel` at `span` (uses are noted in statement order). */
  noteUse(rel: number, span: Span): void {
    if (this.firstUse[rel] === undefined) {
      this.firstUse[rel] = this.uses++;
      this.firstSpan[rel] = span;
    }
  }

  /** The order in which relations were first used (smaller is earlier), if `rel` is used in a statement. */
  firstUseOf(rel: number): number | undefined {
    return this.firstUse[rel];
  }

  /** @internal Start a statement; its tree is kept unless the program is read from text. */
  beginStatement(st: Statement): number {
    if (this.trees) {
      this.trees.push(st);
      return this.trees.length - 1;
    }
    return this.count++;
  }

  /** @internal Read statements from `text` from now on instead of keeping their trees. */
  readFromText(source: TextSource): void {
    if (this.trees && this.trees.length > 0) throw new Error('Program.readFromText: the program already holds trees');
    this.trees = undefined;
    this.texts.push(source);
  }

  get stratification(): Stratification {
    if (!this.strat) this.strat = stratify(this.relations, this.rules);
    return this.strat;
  }

  get errors(): Diagnostic[] {
    return this.diagnostics.filter((d) => d.severity === 'error');
  }
}

/** Build a program from syntax trees; all problems become `program.diagnostics`. */
export function buildProgram(trees: SyntaxTree | readonly SyntaxTree[], options: ProgramOptions = {}): Program {
  const program = new Program(options);
  const list = Array.isArray(trees) ? (trees as readonly SyntaxTree[]) : [trees as SyntaxTree];
  for (const tree of list) {
    program.files.push(tree.file);
    for (const st of tree.statements) addStatement(program, st);
    // The parser's warnings (an empty `(or)`) are the program's too.
    if (tree.warnings) for (const w of tree.warnings) program.diagnostics.push(w);
  }
  return finishProgram(program);
}

/**
 * Build a program straight from source texts, one statement at a time: ground
 * facts go into the compact fact store and no syntax tree is kept (see
 * `Program.statements`). Throws the first syntax error like `parse`.
 */
export function buildProgramFromText(sources: readonly TextSource[], options: ProgramOptions = {}): Program {
  const program = new Program(options);
  for (const source of sources) {
    program.readFromText({ text: source.text, file: source.file });
    program.files.push(source.file);
    const warnings: Diagnostic[] = [];
    forEachStatement(source.text, { file: source.file }, (st) => addStatement(program, st), (w) => warnings.push(w));
    for (const w of warnings) program.diagnostics.push(w);
  }
  return finishProgram(program);
}

function finishProgram(program: Program): Program {
  checkArities(program);
  pushAll(program.diagnostics, program.stratification.diagnostics);
  return program;
}

class VarScope {
  readonly names: string[] = [];
  private readonly slots = new Map<string, number>();
  slot(name: string): number {
    let s = this.slots.get(name);
    if (s === undefined) {
      s = this.names.length;
      this.names.push(name);
      this.slots.set(name, s);
    }
    return s;
  }
}

/** Scratch tuple for ground facts (grown as needed). */
let scratch = new Int32Array(16);

/** The interned id of a ground term, or -1 when it holds a variable. */
function groundTerm(program: Program, t: Term): number {
  switch (t.kind) {
    case 'const':
      return program.terms.constant(t.name);
    case 'str':
      return program.terms.string(t.value);
    case 'var':
      return -1;
    case 'compound': {
      const ids = new Array<number>(t.args.length);
      for (let i = 0; i < t.args.length; i++) {
        const id = groundTerm(program, t.args[i] as Term);
        if (id < 0) return -1;
        ids[i] = id;
      }
      return program.terms.compound(t.functor, ids);
    }
  }
}

function addStatement(program: Program, st: Statement): void {
  const index = program.beginStatement(st);
  const diag = (code: Code, message: string, span: Span) =>
    program.diagnostics.push({ code, severity: 'error', message, span });
  if (program.options.builtins && isBuiltinName(st.head.pred)) {
    diag('builtin-head', `'${st.head.pred}' is a builtin and cannot be defined by a rule or fact`, st.head.predSpan);
    return;
  }
  const arity = st.head.args.length;
  const rel = program.relationId(st.head.pred, arity);
  program.noteUse(rel, st.head.predSpan);
  if (st.body.length === 0) {
    // A ground fact goes straight into the fact store, with no pattern objects.
    if (scratch.length < arity) scratch = new Int32Array(arity * 2);
    let ground = true;
    for (let i = 0; i < arity && ground; i++) {
      const id = groundTerm(program, st.head.args[i] as Term);
      if (id < 0) ground = false;
      else scratch[i] = id;
    }
    if (ground) {
      program.facts.add(rel, scratch, index, 0, arity);
      return;
    }
  }
  const scope = new VarScope();
  const headArgs = st.head.args.map((t) => pattern(program, t, scope));
  const head = { rel, args: headArgs };
  let bodies: BodyLit[][];
  try {
    bodies = expand(program, st.body, scope, false);
  } catch (e) {
    if (e instanceof ExpansionTooLarge) {
      diag('or-expansion', `this rule expands into more than ${program.options.maxOrExpansion} rules through 'or'`, st.span);
      return;
    }
    throw e;
  }
  const unsafe = new Map<string, Span>();
  for (const body of bodies) {
    const rule: CompiledRule = { head, body, varNames: scope.names, statement: index, span: st.span };
    for (const lit of body) checkBuiltinArity(program, lit);
    const problem = checkRuleSafety(rule);
    if (problem) {
      for (const v of problem.vars) {
        const name = scope.names[v] as string;
        if (!unsafe.has(name)) {
          const where = problem.literal ? problem.literal.span : st.head.span;
          unsafe.set(name, varSpanWithin(st, name, where) ?? where);
        }
      }
    }
    program.rules.push(rule);
  }
  noteBodyUses(program, st.body);
  if (st.body.length > 0) pushAll(program.diagnostics, singletonWarnings(st, unsafe));
  for (const [name, span] of unsafe) {
    const isFact = st.body.length === 0;
    diag(
      'safety',
      isFact
        ? `variable ?${name} in a fact: facts must be ground`
        : `unsafe variable ?${name}: it must occur in a positive body literal (in every disjunct of an 'or') before it is used in the head, a 'not', a 'distinct' or a builtin`,
      span,
    );
  }
}

/** The span of the first occurrence of ?name inside `within` (a head or literal of st). */
function varSpanWithin(st: Statement, name: string, within: Span): Span | undefined {
  let found: Span | undefined;
  for (const v of variableOccurrences(st).get(name) ?? []) {
    if (v.span.offset >= within.offset && v.span.endOffset <= within.endOffset && (!found || v.span.offset < found.offset)) found = v.span;
  }
  return found;
}

function checkBuiltinArity(program: Program, lit: BodyLit): void {
  if (lit.kind !== 'builtin') return;
  const want = BUILTIN_ARITY[lit.op];
  if (lit.args.length !== want) {
    program.diagnostics.push({
      code: 'builtin-arity',
      severity: 'error',
      message: `builtin '${lit.op}' takes ${want} arguments, not ${lit.args.length}`,
      span: lit.span,
    });
  }
}

function pattern(program: Program, t: Term, scope: VarScope): Pattern {
  switch (t.kind) {
    case 'const':
      return { t: 'const', id: program.terms.constant(t.name) };
    case 'str':
      return { t: 'const', id: program.terms.string(t.value) };
    case 'var':
      return { t: 'var', slot: scope.slot(t.name) };
    case 'compound': {
      const args = t.args.map((a) => pattern(program, a, scope));
      if (args.every(isGround)) {
        return { t: 'const', id: program.terms.compound(t.functor, args.map((a) => (a as { id: number }).id)) };
      }
      return { t: 'fn', functor: t.functor, args };
    }
  }
}

function isGround(p: Pattern): boolean {
  return p.t === 'const';
}

class ExpansionTooLarge extends Error {}

/** Expand a conjunction into the list of alternative flat bodies. */
function expand(program: Program, lits: readonly Literal[], scope: VarScope, negated: boolean): BodyLit[][] {
  let acc: BodyLit[][] = [[]];
  for (const lit of lits) {
    const alts = expandOne(program, lit, scope, negated);
    if (alts.length === 1) {
      // No 'or' here: extend every alternative in place (copying would be quadratic in the body).
      const only = alts[0] as BodyLit[];
      for (const a of acc) for (const b of only) a.push(b);
      continue;
    }
    const next: BodyLit[][] = [];
    for (const a of acc) for (const b of alts) next.push([...a, ...b]);
    if (next.length > program.options.maxOrExpansion) throw new ExpansionTooLarge();
    acc = next;
  }
  return acc;
}

function expandOne(program: Program, lit: Literal, scope: VarScope, negated: boolean): BodyLit[][] {
  switch (lit.kind) {
    case 'atom':
      return [[atomLiteral(program, lit, scope, negated)]];
    case 'distinct': {
      const left = pattern(program, lit.left, scope);
      const right = pattern(program, lit.right, scope);
      return [[{ kind: negated ? 'same' : 'distinct', left, right, span: lit.span }]];
    }
    case 'not':
      return expandOne(program, lit.body, scope, !negated);
    case 'or': {
      if (!negated) return lit.disjuncts.flatMap((d) => expandOne(program, d, scope, false));
      // not (a or b) = (not a) and (not b)
      return expand(
        program,
        lit.disjuncts.map((d) => ({ kind: 'not', body: d, span: d.span }) as Literal),
        scope,
        false,
      );
    }
  }
}

function atomLiteral(program: Program, atom: Atom, scope: VarScope, negated: boolean): BodyLit {
  const args = atom.args.map((t) => pattern(program, t, scope));
  if (program.options.builtins && isBuiltinName(atom.pred)) {
    return { kind: 'builtin', op: atom.pred, args, negated, span: atom.span };
  }
  const rel = program.relationId(atom.pred, atom.args.length);
  return negated ? { kind: 'neg', rel, args, span: atom.span } : { kind: 'pos', rel, args, span: atom.span };
}

/** The relation name of each `arity` warning a program made (the warning object is the key). */
const arityWarnings = new WeakMap<Diagnostic, string>();

/** The name an `arity` warning of a loaded program is about; undefined for any other finding. */
export function arityWarningName(d: Diagnostic): string | undefined {
  return arityWarnings.get(d);
}

/** Warn once per name used with two or more arities. */
function checkArities(program: Program): void {
  const byName = new Map<string, RelationInfo[]>();
  for (const r of program.relations) {
    const list = byName.get(r.name) ?? [];
    list.push(r);
    byName.set(r.name, list);
  }
  for (const [name, list] of byName) {
    if (list.length < 2) continue;
    const arities = list.map((r) => r.arity).sort((a, b) => a - b);
    const span = firstUse(program, list);
    const warning: Diagnostic = {
      code: 'arity',
      severity: 'warning',
      message: `'${name}' is used with ${arities.length} different arities (${arities.join(', ')}); each is a separate relation`,
      ...(span ? { span } : {}),
    };
    arityWarnings.set(warning, name);
    program.diagnostics.push(warning);
  }
}

/** Where `name` is first used, with any arity (no syntax tree needed: uses are noted while loading). */
function firstUse(program: Program, list: readonly RelationInfo[]): Span | undefined {
  let best: RelationInfo | undefined;
  for (const r of list) {
    const when = program.firstUseOf(r.id);
    if (when !== undefined && (best === undefined || when < (program.firstUseOf(best.id) as number))) best = r;
  }
  return best === undefined ? undefined : program.relationSpan(best.id);
}

/** Note the relations a rule body uses (the head is noted already), walking it as the arity check reads it. */
function noteBodyUses(program: Program, body: readonly Literal[]): void {
  const stack: Literal[] = [...body];
  while (stack.length > 0) {
    const l = stack.pop() as Literal;
    if (l.kind === 'atom') {
      const info = program.findRelation(l.pred, l.args.length);
      if (info) program.noteUse(info.id, l.predSpan);
    }
    if (l.kind === 'not') stack.push(l.body);
    if (l.kind === 'or') pushAll(stack, l.disjuncts);
  }
}
