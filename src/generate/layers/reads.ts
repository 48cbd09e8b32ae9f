/**
 * Which `placed` facts each layer rule reads: the provenance the order check,
 * completeness and noninterference are built on, computed by queries over a
 * derived program (the *possibility program*):
 *
 * - every rule is kept, except that `not` literals over dynamic relations
 *   (those that depend on `placed`) are dropped, so the model over-approximates
 *   every outcome: whatever some generation run can derive, it derives;
 * - `(placed L K)` holds where `(site L K)` and, for a masked layer, `(allow L K)`;
 * - for a rule r and a body literal j over a dynamic relation, the relation
 *   `gl.read.r.j` holds (HEAD... M J) when the rule, deriving HEAD, consults
 *   `(placed M J)` through that literal: directly, or through a helper relation
 *   whose own reads are collected in `gl.reads.NAME/ARITY`. A read is counted
 *   when the rest of the body can hold; a `(placed M J)` literal is left out of
 *   its own condition when the other literals bind its variables, so a read
 *   that can never match still shows (noninterference needs that).
 *
 * The layer name a `placed` literal can take is therefore whatever the other
 * body literals allow: a constant, or a variable constrained by them (e.g.
 * `(layer ?m ?p) (< ?p ?o)`). When nothing but the `placed` literal itself
 * binds it, it ranges over every layer that can place something: conservative.
 */
import { DEFAULT_MAX_FACTS } from '../../engine/index.js';
import { GramlogError } from '../../errors.js';
import { evaluate } from '../../engine/evaluate.js';
import type { Model } from '../../engine/model.js';
import type { Program } from '../../program/program.js';
import type { BodyLit, CompiledRule } from '../../program/rules.js';
import { checkRuleSafety } from '../../program/schedule.js';
import { dynamicRelations } from './dynamic.js';
import { atomText, buildDerived, factsText, literalText, patternText, relName, repeatedLiterals, ruleText, translateTerm } from './rule-text.js';
import { LAYER_KEYED, type LayerDecl } from './vocabulary.js';
import { pushAll } from '../../arrays.js';

/** One read: a layer rule deriving `(relation reader readerKey ...)` consults `(placed layer key)`. */
export interface Read {
  rule: CompiledRule;
  ruleIndex: number;
  /** The body literal of `rule` through which the read happens. */
  literal: BodyLit;
  literalIndex: number;
  /** The head relation: site, allow, chance, sitechance or group. */
  relation: string;
  /** The layer the derived fact belongs to (term id in the layer program). */
  reader: number;
  /** The site key of the derived fact (undefined for `chance`). */
  readerKey: number | undefined;
  /** The layer whose `placed` is read, and the key read (undefined for a read known only from the rule text). */
  layer: number;
  key: number | undefined;
}

export interface ReadAnalysis {
  reads: Read[];
  /** Sites each layer can place in some outcome (site and mask; an over-approximation), by layer id. */
  possible: Map<number, Set<number>>;
  /** The possibility program and its model. */
  derived: Program;
  model: Model;
  /** Term id of the derived program's term in the layer program. */
  toOriginal(id: number): number;
}

/** Largest possibility model the analysis evaluates when the program sets no limit (the engine's default). */
export const ANALYSIS_MAX_FACTS = DEFAULT_MAX_FACTS;

/** The most facts an analysis of `program` may derive: its own limit (`--max-facts`), else the engine's default. */
export function analysisMaxFacts(program: Program): number {
  return program.options.maxFacts || ANALYSIS_MAX_FACTS;
}

const M = '?gl.m';
const K = '?gl.k';

function readsName(program: Program, rel: number): string {
  const info = program.relations[rel] as { name: string; arity: number };
  return `gl.reads.${info.name}/${info.arity}`;
}

/** The possibility program (with the read provenance rules) as text. */
export function possibilityText(
  program: Program,
  layers: readonly LayerDecl[],
): { lines: string[]; readRules: Array<{ ri: number; j: number; name: string }>; ruleOfLine: Array<number | undefined> } {
  const dynamic = dynamicRelations(program);
  const placed = program.findRelation('placed', 2)?.id;
  const lines = factsText(program, (rel) => relName(program, rel));
  const readRules: Array<{ ri: number; j: number; name: string }> = [];
  /** For each line, the user's rule it is made from (by index), for an error the engine reports in this text. */
  const ruleOfLine: Array<number | undefined> = lines.map(() => undefined);
  const keepLit = (lit: BodyLit) => !(lit.kind === 'neg' && dynamic.has(lit.rel));
  program.rules.forEach((rule, ri) => {
    const head = atomText(relName(program, rule.head.rel), rule.head.args.map((a) => patternText(program, rule, a)));
    const repeated = repeatedLiterals(program, rule);
    const keep = (lit: BodyLit, i: number) => keepLit(lit) && !repeated.has(i);
    const hiBody = rule.body.filter(keep).map((l) => literalText(program, rule, l));
    lines.push(ruleText(head, hiBody));
    ruleOfLine[lines.length - 1] = ri;
    if (!dynamic.has(rule.head.rel)) return;
    const headArgs = rule.head.args.map((a) => patternText(program, rule, a));
    rule.body.forEach((lit, j) => {
      if ((lit.kind !== 'pos' && lit.kind !== 'neg') || !dynamic.has(lit.rel) || repeated.has(j)) return;
      const others = rule.body.filter((l, i) => i !== j && keep(l, i));
      const body = others.map((l) => literalText(program, rule, l));
      const name = `gl.read.${ri}.${j}`;
      let readHead: string;
      if (lit.rel === placed) {
        const args = lit.args.map((a) => patternText(program, rule, a));
        readHead = atomText(name, [...headArgs, ...args]);
        const synthetic: CompiledRule = { ...rule, head: { rel: -1, args: [...rule.head.args, ...lit.args] }, body: others };
        if (checkRuleSafety(synthetic)) body.push(atomText('placed', args));
      } else {
        readHead = atomText(name, [...headArgs, M, K]);
        body.push(atomText(readsName(program, lit.rel), [...lit.args.map((a) => patternText(program, rule, a)), M, K]));
      }
      lines.push(ruleText(readHead, body));
      ruleOfLine[lines.length - 1] = ri;
      const vars = rule.head.args.map((_, i) => `?gl.a${i}`);
      lines.push(ruleText(atomText(readsName(program, rule.head.rel), [...vars, M, K]), [atomText(name, [...vars, M, K])]));
      readRules.push({ ri, j, name });
    });
  });
  // Reads are counted against every site (a mask that could only hold once its
  // own layer is placed is still a read); what can really be placed is gl.possible.
  lines.push('(<= (placed ?gl.l ?gl.s) (gl.layer ?gl.l) (site ?gl.l ?gl.s))');
  lines.push('(<= (gl.possible ?gl.l ?gl.s) (gl.masked ?gl.l) (site ?gl.l ?gl.s) (allow ?gl.l ?gl.s))');
  lines.push('(<= (gl.possible ?gl.l ?gl.s) (gl.unmasked ?gl.l) (site ?gl.l ?gl.s))');
  for (const l of layers) lines.push(atomText('gl.layer', [program.terms.print(l.id)]));
  for (const l of layers) lines.push(atomText(l.masked ? 'gl.masked' : 'gl.unmasked', [program.terms.print(l.id)]));
  return { lines, readRules, ruleOfLine };
}

/** Build and evaluate the possibility program; collect the reads of layer rules. */
export function analyzeReads(program: Program, layers: readonly LayerDecl[], base?: Model): ReadAnalysis {
  if (base) tooLargeToEvaluate(program, layers, base);
  const { lines, readRules, ruleOfLine } = possibilityText(program, layers);
  const built = buildDerived(lines, '<possible outcomes>');
  if ('problem' in built) throw new GramlogError('layers/analysis', `could not build the possibility program of the layers: ${built.problem}`);
  const derived = built.program;
  let model: Model;
  try {
    model = evaluate(derived, { maxFacts: analysisMaxFacts(program) });
  } catch (e) {
    if (e instanceof GramlogError) {
      // the error is located in generated text: point at the user's rule it comes from (else the first layer)
      const ri = e.span ? ruleOfLine[e.span.line - 1] : undefined;
      const span = (ri !== undefined ? program.rules[ri]?.span : undefined) ?? layers[0]?.span;
      const message = e.message.replace(/ at \d+:\d+\b/g, '').replace(/ \(raise the limit with maxFacts[^)]*\)/, '');
      throw new GramlogError(
        'layers/analysis',
        `could not bound what the layers can place (${message}); the layer analyses need a finite possibility model` +
          (e.code === 'engine/limit' ? `: raise --max-facts (now ${analysisMaxFacts(program).toLocaleString('en-US')}) if the map is finite` : ''),
        span,
      );
    }
    throw e;
  }
  const memo = new Map<number, number>();
  const toOriginal = (id: number): number => {
    let v = memo.get(id);
    if (v === undefined) {
      v = translateTerm(derived, program, id);
      memo.set(id, v);
    }
    return v;
  };
  const keyed = new Map<string, boolean>(LAYER_KEYED.map(([n, a]) => [`${n}/${a}`, a > 2 || n !== 'chance']));
  const reads: Read[] = [];
  for (const { ri, j, name } of readRules) {
    const rule = program.rules[ri] as CompiledRule;
    const info = program.relations[rule.head.rel] as { name: string; arity: number };
    const hasKey = keyed.get(`${info.name}/${info.arity}`);
    if (hasKey === undefined) continue;
    const n = info.arity;
    for (const t of model.tuples(name, n + 2)) {
      reads.push({
        rule,
        ruleIndex: ri,
        literal: rule.body[j] as BodyLit,
        literalIndex: j,
        relation: info.name,
        reader: toOriginal(t[0] as number),
        readerKey: hasKey ? toOriginal(t[1] as number) : undefined,
        layer: toOriginal(t[n] as number),
        key: toOriginal(t[n + 1] as number),
      });
    }
  }
  const possible = new Map<number, Set<number>>();
  for (const l of layers) possible.set(l.id, new Set());
  for (const t of model.tuples('gl.possible', 2)) possible.get(toOriginal(t[0] as number))?.add(toOriginal(t[1] as number));
  pushAll(reads, textualReads(program, reads));
  return { reads, possible, derived, model, toOriginal };
}

/**
 * The possibility model holds every fact of the model with nothing placed
 * (`base`: it only drops tests that something is not placed) and a placed
 * fact for every site of a declared layer. When that alone passes the fact
 * budget, say so at once rather than evaluate until the budget runs out (a
 * 1000 × 1000 map: seconds instead of a minute).
 */
function tooLargeToEvaluate(program: Program, layers: readonly LayerDecl[], base: Model): void {
  const max = analysisMaxFacts(program);
  if (base.size > max) return; // the evaluation itself says so, at the rule that grew
  const ids = new Set(layers.map((l) => l.id));
  const site = base.relation('site', 2);
  let sites = 0;
  if (site) for (let t = 0; t < site.count; t++) if (ids.has(site.tuple(t)[0] as number)) sites++;
  const atLeast = base.size + sites;
  if (atLeast <= max) return;
  throw new GramlogError(
    'layers/analysis',
    `could not bound what the layers can place: the possibility model would hold at least ${atLeast.toLocaleString('en-US')} facts (the ${base.size.toLocaleString('en-US')} facts with nothing placed, and one placed fact for each of the ${sites.toLocaleString('en-US')} sites), more than --max-facts ${max.toLocaleString('en-US')}; raise --max-facts if the map is finite`,
    layers[0]?.span,
  );
}

/**
 * Reads visible in the rule text alone: a layer-keyed rule whose head names a
 * layer by a constant, reading `(placed M ...)` with M a constant, directly or
 * through helper relations. These catch reads that can never match in any
 * outcome (e.g. a mask that needs its own layer placed), which the possibility
 * model cannot show. Added only where no keyed read already covers the pair.
 *
 * A literal reads only through the rules whose head can match it: `(site a ?k)`
 * consults the rules for `(site a ...)` and `(site ?l ...)`, not those for
 * `(site b ...)`. Constants in a literal are passed on to the variables of the
 * rule heads they match, so a helper `(free ?l ?k)` called as `(free a ?k)`
 * reads only what its body reads with ?l = a (see {@link constantReads}).
 */
function textualReads(program: Program, keyed: readonly Read[]): Read[] {
  const placed = program.findRelation('placed', 2)?.id;
  if (placed === undefined) return [];
  const reads = constantReads(program, placed);
  const covered = new Set(keyed.map((r) => `${r.ruleIndex}/${r.literalIndex}/${r.reader}/${r.layer}`));
  const keyedHeads = new Set(LAYER_KEYED.map(([n, a]) => `${n}/${a}`));
  const out: Read[] = [];
  program.rules.forEach((rule, ri) => {
    const info = program.relations[rule.head.rel] as { name: string; arity: number };
    const l = rule.head.args[0];
    if (!keyedHeads.has(`${info.name}/${info.arity}`) || !l || l.t !== 'const') return;
    rule.body.forEach((lit, j) => {
      for (const m of reads(lit)) {
        const key = `${ri}/${j}/${l.id}/${m}`;
        if (covered.has(key)) continue;
        covered.add(key);
        out.push({ rule, ruleIndex: ri, literal: lit, literalIndex: j, relation: info.name, reader: l.id, readerKey: undefined, layer: m, key: undefined });
      }
    });
  });
  return out;
}

/** The top-level constants of a call (undefined where an argument is a variable left open or a compound term). */
type Call = ReadonlyArray<number | undefined>;

/**
 * The layers M a body literal reads as `(placed M ...)` with M known from the
 * rule text: a constant, or a head variable bound to one by the call. A call
 * `(rel c1 ...)` reads through each rule for rel whose head can match it
 * (constants equal where both sides have one), with the head variables bound to
 * the call's constants. Calls are memoized and solved to a fixpoint, so
 * recursive helpers terminate: there are finitely many calls (constants of the
 * program in the places of arguments). A `(placed ?m ...)` whose ?m the call
 * leaves open reads OPEN when given (order-bound.ts: "any layer"), else nothing.
 */
export function constantReads(program: Program, placed: number, open?: number): (lit: BodyLit) => Set<number> {
  const rulesOf = new Map<number, CompiledRule[]>();
  for (const rule of program.rules) {
    const list = rulesOf.get(rule.head.rel) ?? [];
    list.push(rule);
    rulesOf.set(rule.head.rel, list);
  }
  const memo = new Map<string, Set<number>>();
  /** Bindings of `rule`'s head variables to the call's constants, or undefined when the head cannot match the call. */
  const match = (rule: CompiledRule, call: Call): Map<number, number> | undefined => {
    const bound = new Map<number, number>();
    for (let i = 0; i < call.length; i++) {
      const c = call[i];
      const h = rule.head.args[i];
      if (c === undefined || !h) continue;
      if (h.t === 'fn') continue; // a compound head argument: matched conservatively
      if (h.t === 'const') {
        if (h.id !== c) return undefined;
        continue;
      }
      const prev = bound.get(h.slot);
      if (prev !== undefined && prev !== c) return undefined;
      bound.set(h.slot, c);
    }
    return bound;
  };
  let changed = true;
  let visited = new Set<string>();
  const litReads = (lit: BodyLit, bound: ReadonlyMap<number, number>): Set<number> => {
    if (lit.kind !== 'pos' && lit.kind !== 'neg') return new Set();
    const call: Call = lit.args.map((a) => (a.t === 'const' ? a.id : a.t === 'var' ? bound.get(a.slot) : undefined));
    if (lit.rel === placed) return new Set(call[0] !== undefined ? [call[0]] : open !== undefined ? [open] : []);
    const key = `${lit.rel}:${call.map((c) => (c === undefined ? '_' : c)).join(',')}`;
    let set = memo.get(key);
    if (!set) {
      set = new Set();
      memo.set(key, set);
    }
    if (visited.has(key)) return set;
    visited.add(key);
    for (const rule of rulesOf.get(lit.rel) ?? []) {
      const inner = match(rule, call);
      if (!inner) continue;
      for (const l of rule.body) {
        for (const m of litReads(l, inner)) {
          if (set.has(m)) continue;
          set.add(m);
          changed = true;
        }
      }
    }
    return set;
  };
  return (lit) => {
    // Iterate until no memoized call grows (each pass visits every call once).
    let result = new Set<number>();
    for (changed = true; changed; ) {
      changed = false;
      visited = new Set();
      result = litReads(lit, new Map());
    }
    return new Set(result);
  };
}
