/**
 * Demand-driven evaluation by the magic-set rewrite: a program-to-program
 * transformation after which bottom-up evaluation computes only the tuples of
 * a relation that some rule asks about, the way a top-down prover does.
 *
 * Each rule body is read in the engine's own order (plan.ts's orderBody, the
 * head's bound arguments known first): a literal of a rewritten relation whose
 * arguments are partly known there (its adornment, e.g. `bffb`) is replaced by
 * an adorned copy of the relation, `p@bffb`, whose rules start with a literal
 * of its magic relation `magic@p@bffb` (the known arguments asked about), and
 * a magic rule derives those questions from the literals before it (sideways
 * information passing). `(not (p a ?x))` with ?x known asks exactly the one
 * question it needs answered.
 *
 * Selective: only the relations `rewrite` accepts are demand-driven, and only
 * at uses that bind some argument; the roots (the relations a caller reads)
 * and every use with nothing bound keep the full extension through the
 * relation's own (rewritten) rules. Magic rules leave out the negated
 * literals before them (demand is then a superset, never missing a question).
 * The result keeps the original relation ids, so the roots read the same; it
 * is returned only when it stays stratified (demand fed through negation can
 * make a cycle through it), else undefined and the caller keeps the original.
 *
 * For every root relation, the rewritten program's extension equals the
 * original's (test/gdl/machine/demand/demand.property.test.ts and test/engine/demand*.test.ts).
 */
import { orderBody } from '../../../engine/plan.js';
import type { Span } from '../../../errors.js';
import type { GroundFact, Program } from '../../../program/program.js';
import type { AtomPattern, BodyLit, CompiledRule, Pattern } from '../../../program/rules.js';
import { bindsOf, runnableOrder } from '../../../program/schedule.js';
import { derivedProgram, syntheticSpan } from '../derived.js';

export interface DemandOptions {
  /**
   * Relations that may be computed on demand (default: every relation with
   * rules, except the roots). Facts injected at evaluation time must not be
   * of these (the adorned copies would not see them).
   */
  rewrite?: (rel: number) => boolean;
  /** Size estimate of a relation, for the body order (default: its number of facts in the program). */
  sizeOf?: (rel: number) => number;
  /**
   * The body order that decides what each literal is asked with: 'planned'
   * (default) the engine's (orderBody, by `sizeOf`), 'written' the rule's own
   * order with each filter as soon as it can run (runnableOrder), as a
   * top-down prover such as GGP-Base's reads it: game authors write their
   * rules for that order (laikLee_hex's `append_el` builds the list its next
   * literal is asked with).
   */
  order?: 'planned' | 'written';
  /**
   * Relations whose answers may be kept from one evaluation to the next
   * (relations that depend on no injected fact): each of their adorned copies
   * reads its questions through `new@p@a`, the questions not in `done@p@a`,
   * and takes the answers in `memo@p@a` for the questions asked (see Memo).
   */
  memo?: (rel: number) => boolean;
}

/**
 * The relations that keep an adorned copy's answers across evaluations:
 * `done` (the questions answered, arity the bound arguments) and `memo` (their
 * answers, the copy's arity) have no rules or facts, so an evaluation over a
 * base model reads them from the base, where the caller adds each
 * evaluation's new questions (`fresh`) and its answers (`copy`) afterwards
 * (demand-memo.ts). Rules made:
 *
 *   new@p@a(B) ⇐ magic@p@a(B), not done@p@a(B)
 *   p@a(X) ⇐ magic@p@a(B), memo@p@a(X)
 *
 * and the copy's own rules (and so the questions they ask) start from
 * `new@p@a`: a question answered before costs one lookup.
 */
export interface Memo {
  /** The copy's relation. */
  copy: number;
  /** `new@p@a`, `done@p@a` and `memo@p@a`. */
  fresh: number;
  done: number;
  memo: number;
}

export interface DemandProgram {
  program: Program;
  /** The adorned relations made, as `name@adornment` (for reports and tests). */
  adorned: string[];
  /** The copies whose answers are kept across evaluations (options.memo). */
  memos: Memo[];
}

/**
 * `b` for an argument known before the literal runs, else `f`. A compound
 * argument counts as unknown even when its variables are known: questions
 * then hold only terms that exist already (constants, and values of
 * variables), never terms built from them, so demand stays finite wherever
 * the original program is (`(p ?y) :- (p (f ?y))` would otherwise ask about
 * ever deeper terms, as a top-down prover without tabling loops on it).
 */
function adornmentOf(args: readonly Pattern[], bound: ReadonlySet<number>): string {
  let s = '';
  for (const a of args) s += a.t === 'const' || (a.t === 'var' && bound.has(a.slot)) ? 'b' : 'f';
  return s;
}

function boundArgs(args: readonly Pattern[], adornment: string): Pattern[] {
  return args.filter((_, i) => adornment[i] === 'b');
}

/**
 * The magic-set rewrite of `program` for the relations `roots`: undefined when
 * nothing is worth rewriting (no use of a rewritable relation binds an
 * argument) or when the rewritten program is not stratified.
 */
export function demandProgram(program: Program, roots: ReadonlyArray<number | undefined>, options: DemandOptions = {}): DemandProgram | undefined {
  // Demand fed through negation can close a cycle through it: then negated
  // literals keep their relation's full extension, and only positive ones ask.
  return rewrite(program, roots, options, true) ?? rewrite(program, roots, options, false);
}

function rewrite(program: Program, roots: ReadonlyArray<number | undefined>, options: DemandOptions, negated: boolean): DemandProgram | undefined {
  return new MagicRewrite(program, roots, options, negated).run();
}

/** One magic-set rewrite of a program (see demandProgram); `negated`: negated literals ask too. */
class MagicRewrite {
  private readonly rootSet: Set<number>;
  private readonly byHead: CompiledRule[][];
  private readonly factsOf: GroundFact[][];
  private readonly sizeOf: (rel: number) => number;
  private readonly out: Program;
  private readonly names: Set<string>;
  /** Adorned copies and their magic relations, by `rel:adornment`. */
  private readonly adornedIds = new Map<string, { rel: number; magic: number }>();
  private readonly adorned: string[] = [];
  private readonly memos: Memo[] = [];
  /** The literal an adorned copy's rules start with: its magic relation, or the new questions of a memo. */
  private readonly askedBy = new Map<string, number>();
  private readonly queue: Array<{ rel: number; adornment: string }> = [];
  private readonly fullDone = new Set<number>();
  private readonly fullQueue: number[] = [];

  constructor(
    private readonly program: Program,
    roots: ReadonlyArray<number | undefined>,
    private readonly options: DemandOptions,
    private readonly negated: boolean,
  ) {
    this.rootSet = new Set(roots.filter((r): r is number => r !== undefined));
    const byHead: CompiledRule[][] = program.relations.map(() => []);
    for (const rule of program.rules) (byHead[rule.head.rel] as CompiledRule[]).push(rule);
    const factsOf: GroundFact[][] = program.relations.map(() => []);
    for (const f of program.facts) (factsOf[f.rel] as GroundFact[]).push(f);
    this.byHead = byHead;
    this.factsOf = factsOf;
    this.sizeOf = options.sizeOf ?? ((rel: number) => (factsOf[rel] as GroundFact[]).length);
    this.out = derivedProgram(program);
    for (const f of program.facts) this.out.facts.push(f);
    this.names = new Set(program.relations.map((r) => r.name));
  }

  /** The rewritten program: rules for the roots in full, then every adorned copy asked for. */
  run(): DemandProgram | undefined {
    for (const r of this.rootSet) this.wantFull(r);
    for (;;) {
      const full = this.fullQueue.pop();
      if (full !== undefined) {
        for (const rule of this.byHead[full] as CompiledRule[]) {
          if (!this.rewriteRule(rule, rule.head, undefined)) return undefined;
        }
        continue;
      }
      const next = this.queue.pop();
      if (next === undefined) break;
      const ids = this.adornedOf(next.rel, next.adornment);
      for (const rule of this.byHead[next.rel] as CompiledRule[]) {
        const asked = this.askedBy.get(`${next.rel}:${next.adornment}`) ?? ids.magic;
        const magicLit: BodyLit = { kind: 'pos', rel: asked, args: boundArgs(rule.head.args, next.adornment), span: rule.span };
        if (!this.rewriteRule(rule, { rel: ids.rel, args: rule.head.args }, magicLit)) return undefined;
      }
    }
    if (this.adorned.length === 0) return undefined;
    if (this.out.stratification.diagnostics.length > 0) return undefined;
    return { program: this.out, adorned: this.adorned, memos: this.memos };
  }

  private rewritable(rel: number): boolean {
    return !this.rootSet.has(rel) && (this.byHead[rel] as CompiledRule[]).length > 0 && (this.options.rewrite ? this.options.rewrite(rel) : true);
  }

  private readonly fresh = (base: string): string => {
    let name = base;
    while (this.names.has(name)) name += "'";
    this.names.add(name);
    return name;
  };

  private wantFull(rel: number): void {
    if (this.fullDone.has(rel)) return;
    this.fullDone.add(rel);
    this.fullQueue.push(rel);
  }

  /** The adorned copy of `rel` and its magic relation, made (and queued for its rules) on first use. */
  private adornedOf(rel: number, adornment: string): { rel: number; magic: number } {
    const key = `${rel}:${adornment}`;
    let ids = this.adornedIds.get(key);
    if (!ids) {
      const out = this.out;
      const info = this.program.relations[rel] as { name: string; arity: number };
      const name = this.fresh(`${info.name}@${adornment}`);
      const magicName = this.fresh(`magic@${info.name}@${adornment}`);
      let bound = 0;
      for (const c of adornment) if (c === 'b') bound++;
      ids = { rel: out.relationId(name, info.arity), magic: out.relationId(magicName, bound) };
      // The relation's own facts hold in the copy whether asked about or not (they are true).
      for (const f of this.factsOf[rel] as GroundFact[]) out.facts.push({ rel: ids.rel, tuple: f.tuple, statement: f.statement });
      this.adornedIds.set(key, ids);
      this.adorned.push(`${info.name}/${info.arity}@${adornment}`);
      if (this.options.memo?.(rel)) {
        // located at the relation's first rule: an error in a memo rule (a fact limit) points into the file
        const span = (this.byHead[rel] as CompiledRule[])[0]?.span ?? syntheticSpan('<demand>');
        const m = memoRules(out, info, adornment, ids, bound, this.fresh, span);
        this.memos.push(m);
        this.askedBy.set(key, m.fresh);
      }
      this.queue.push({ rel, adornment });
    }
    return ids;
  }

  /**
   * Rewrite one rule: `magicLit` (the head's question, for an adorned copy) first,
   * then the body in the engine's order; emits the rule and its magic rules.
   */
  private rewriteRule(rule: CompiledRule, head: AtomPattern, magicLit: BodyLit | undefined): boolean {
    const lits: BodyLit[] = magicLit ? [magicLit, ...rule.body] : rule.body;
    const planned =
      this.options.order === 'written'
        ? runnableOrder({ ...rule, body: lits }, magicLit ? 0 : -1)
        : orderBody({ ...rule, body: lits }, magicLit ? 0 : -1, (rel) => (rel < 0 ? 1 : this.sizeOf(rel)));
    // An unsafe body has no order: the program check reports it; no rewrite then.
    if (planned.length !== lits.length) return false;
    const bound = new Set<number>();
    const prefix: BodyLit[] = [];
    const body: BodyLit[] = [];
    for (const i of planned) {
      let lit = lits[i] as BodyLit;
      if ((lit.kind === 'pos' || lit.kind === 'neg') && lit !== magicLit) lit = this.ask(rule, lit, bound, prefix);
      body.push(lit);
      if (lit.kind !== 'neg') prefix.push(lit);
      for (const v of bindsOf(lit)) bound.add(v);
    }
    this.out.rules.push({ head, body, varNames: rule.varNames, statement: rule.statement, span: rule.span });
    return true;
  }

  /**
   * A body literal of `rule` after `prefix` (which binds `bound`): of an adorned
   * copy, with the magic rule (or fact) asking its question, when it binds
   * some argument of a rewritable relation; else itself, its relation wanted in full.
   */
  private ask(rule: CompiledRule, lit: BodyLit & { kind: 'pos' | 'neg' }, bound: ReadonlySet<number>, prefix: readonly BodyLit[]): BodyLit {
    if (!this.rewritable(lit.rel) || !(this.negated || lit.kind === 'pos')) {
      this.wantFull(lit.rel);
      return lit;
    }
    const adornment = adornmentOf(lit.args, bound);
    if (!adornment.includes('b')) {
      this.wantFull(lit.rel);
      return lit;
    }
    const ids = this.adornedOf(lit.rel, adornment);
    const qargs = boundArgs(lit.args, adornment);
    if (prefix.length === 0) {
      // Nothing before it: the question is ground (its known arguments are constants).
      this.out.facts.push({ rel: ids.magic, tuple: qargs.map((a) => (a as { id: number }).id), statement: rule.statement });
    } else {
      this.out.rules.push({ head: { rel: ids.magic, args: qargs }, body: [...prefix], varNames: rule.varNames, statement: rule.statement, span: rule.span });
    }
    return { ...lit, rel: ids.rel };
  }
}

/** The relations and rules of one memo (see Memo). */
function memoRules(
  out: Program,
  info: { name: string; arity: number },
  adornment: string,
  ids: { rel: number; magic: number },
  bound: number,
  fresh: (base: string) => string,
  span: Span,
): Memo {
  const freshRel = out.relationId(fresh(`new@${info.name}@${adornment}`), bound);
  const done = out.relationId(fresh(`done@${info.name}@${adornment}`), bound);
  const memo = out.relationId(fresh(`memo@${info.name}@${adornment}`), info.arity);
  const vars: Pattern[] = Array.from({ length: info.arity }, (_, slot) => ({ t: 'var', slot }));
  const varNames = vars.map((_, i) => `x${i}`);
  const question = boundArgs(vars, adornment);
  const rule = (head: number, args: Pattern[], body: BodyLit[]): CompiledRule => ({ head: { rel: head, args }, body, varNames, statement: -1, span });
  out.rules.push(
    rule(freshRel, question, [
      { kind: 'pos', rel: ids.magic, args: question, span },
      { kind: 'neg', rel: done, args: question, span },
    ]),
    rule(ids.rel, vars, [
      { kind: 'pos', rel: ids.magic, args: question, span },
      { kind: 'pos', rel: memo, args: vars, span },
    ]),
  );
  return { copy: ids.rel, fresh: freshRel, done, memo };
}

/** Relations of `program` that depend (transitively) on any of `seeds`, and the seeds. */
export function dependentsOf(program: Program, seeds: ReadonlyArray<number | undefined>): Uint8Array {
  const users: number[][] = program.relations.map(() => []);
  for (const rule of program.rules) {
    for (const lit of rule.body) if (lit.kind === 'pos' || lit.kind === 'neg') (users[lit.rel] as number[]).push(rule.head.rel);
  }
  const marks = new Uint8Array(program.relations.length);
  const stack = seeds.filter((r): r is number => r !== undefined);
  while (stack.length > 0) {
    const r = stack.pop() as number;
    if (marks[r]) continue;
    marks[r] = 1;
    for (const u of users[r] as number[]) stack.push(u);
  }
  return marks;
}
