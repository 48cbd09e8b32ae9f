/**
 * Static checks of a blueprint library (`gramlog analyze FILE.bp`), each a
 * located Diagnostic:
 *
 *   blueprint/unknown-blueprint (error)   a name that is no blueprint or factory (did you mean ...)
 *   blueprint/unknown-mod       (error)   a @modlist name that is no mod
 *   blueprint/empty-set         a domain set no definition is in: an error where one element is
 *                               needed or when a keyword (or the domain) is declared nowhere, else a warning
 *   blueprint/missing-source    (error in a blueprint; warning in a mod or factory) &source.KEY that a
 *                                         possible target may lack
 *   blueprint/chance            (error)   pickOnChance with an odd number of arguments, or a weight <= 0
 *   blueprint/rand-range        (error)   (rand LO HI) with LO > HI
 *   blueprint/mod-property-unused (warning) a mod property that none of the mod's possible targets has
 *   blueprint/base-in-set       (warning) a domain set holds a blueprint that every other member of the
 *                                         set inherits from (did you mean to mark it @abstract?)
 *   blueprint/type              (error)   strcat of a list or master, arithmetic on a string, list or
 *                                         master, a mod where a blueprint is needed
 */
import type { Diagnostic, Span } from '../../errors.js';
import { MODS, type Expr } from './ast.js';
import { definitionKey, walkExpr, type Definition, type Library } from './library.js';
import { LintContext, propsOf, type Use } from './lint-context.js';
import { setText } from './master.js';
import { didYouMean } from '../../did-you-mean.js';

type Role = 'property' | 'substitute' | 'modlist';
type Ref = Extract<Expr, { kind: 'ref' }>;
type SetExpr = Extract<Expr, { kind: 'set' }>;
type Call = Extract<Expr, { kind: 'call' }>;
type Source = Extract<Expr, { kind: 'source' }>;

export function lintLibrary(library: Library): Diagnostic[] {
  const cx = new LintContext(library);
  for (const d of cx.defs.values()) {
    for (const { e, role } of expressionsOf(d)) lintExpression(cx, d, e, role);
    if (d.kind === 'mod') checkModProperties(cx, d);
  }
  return cx.findings.sort((a, b) => {
    const x = a.span as Span;
    const y = b.span as Span;
    return x.file < y.file ? -1 : x.file > y.file ? 1 : x.offset - y.offset;
  });
}

/** A definition's expressions: its properties' and functions' bodies, its @substitute and its @modlist. */
function expressionsOf(d: Definition): Array<{ e: Expr; role: Role }> {
  const b = d.block;
  return [
    ...b.properties.map((p) => ({ e: p.expr, role: 'property' as const })),
    ...b.functions.map((f) => ({ e: f.body, role: 'property' as const })),
    ...(b.substitute ? [{ e: b.substitute, role: 'substitute' as const }] : []),
    ...(b.modlist ? [{ e: b.modlist, role: 'modlist' as const }] : []),
  ];
}

/** Every check of one expression of a definition, node by node. */
function lintExpression(cx: LintContext, d: Definition, e: Expr, role: Role): void {
  // names: unknown, or a mod / not a mod in the wrong place
  const modSlots = new Set<Expr>();
  if (role === 'modlist') for (const x of walkExpr(e)) if (x.kind === 'ref') modSlots.add(x);
  const needOne = new Set<Expr>();
  for (const x of walkExpr(e)) {
    if (x.kind !== 'call' || x.op !== 'pickOne') continue;
    for (const a of x.args) if (x.args.length === 1 || a.kind === 'set') needOne.add(a);
  }
  const heads = checkFunctionCalls(cx, d, e);
  for (const x of walkExpr(e)) {
    if (heads.has(x)) continue;
    if (x.kind === 'ref') checkRef(cx, x, modSlots.has(x));
    else if (x.kind === 'set') checkSet(cx, x, needOne.has(x) || role === 'substitute');
    else if (x.kind === 'call') checkCall(cx, x);
    else if (x.kind === 'source') checkSource(cx, d, x);
  }
}

/** Calls of @functions: the function exists (own or inherited) and gets its number of arguments. Returns the calls' heads. */
function checkFunctionCalls(cx: LintContext, d: Definition, e: Expr): Set<Expr> {
  const heads = new Set<Expr>();
  for (const x of walkExpr(e)) {
    if (x.kind !== 'list' || !cx.isCall(x)) continue;
    const head = x.items[0] as Ref;
    heads.add(head);
    const f = d.functions.get(head.name);
    if (!f) {
      cx.report('blueprint/unknown-function', 'error', `${d.key} has no function '${head.name}' (own or inherited)${didYouMean(head.name, d.functions.keys(), { max: 1 })}`, head.span);
    } else if (f.params.length !== x.items.length - 1) {
      cx.report('blueprint/bad-expression', 'error', `(${head.name} ...) takes ${f.params.length} argument(s), not ${x.items.length - 1}`, x.span);
    }
  }
  return heads;
}

/** A name: a definition of the library, a mod in a @modlist and nowhere else. */
function checkRef(cx: LintContext, x: Ref, inModlist: boolean): void {
  const key = definitionKey(x.name, x.factory);
  const target = cx.defs.get(key);
  if (!target) {
    const pool = [...cx.defs.values()].filter((t) => (inModlist ? t.kind === 'mod' : t.kind !== 'mod')).map((t) => t.key);
    cx.report(
      inModlist ? 'blueprint/unknown-mod' : 'blueprint/unknown-blueprint',
      'error',
      `${key} is no ${inModlist ? 'mod' : x.factory ? 'factory' : 'blueprint'} of the library${didYouMean(key, pool, { max: 1 })}`,
      x.span,
    );
  } else if (inModlist && target.kind !== 'mod') {
    cx.report('blueprint/type', 'error', `${key} is a ${target.kind}, not a mod: a @modlist lists mods`, x.span);
  } else if (!inModlist && target.kind === 'mod') {
    cx.report('blueprint/type', 'error', `${key} is a mod: only a factory's @modlist applies mods`, x.span);
  }
}

/** A domain set: not empty (an error where one element is needed), and not holding the base of its other members. */
function checkSet(cx: LintContext, x: SetExpr, needed: boolean): void {
  const members = cx.library.members(x.domain, x.include, x.exclude);
  if (members.length === 0) {
    const known = cx.keywords.get(x.domain);
    let why: string;
    if (!known) {
      const dom = didYouMean(x.domain, cx.keywords.keys(), { max: 1 });
      why = `no definition has keywords in the domain '${x.domain}'${dom}`;
    } else {
      const unknown = x.include.find((k) => !known.has(k));
      why = unknown
        ? `no definition has the keyword '${unknown}' in '${x.domain}'${didYouMean(unknown, known, { max: 1 })}`
        : `no ${x.domain === MODS ? 'mod' : 'blueprint'} has all of ${x.include.join(', ') || '(none)'}${x.exclude.length > 0 ? ` without ${x.exclude.join(', ')}` : ''}`;
    }
    // a keyword nobody declares is a typo: an error even where an empty set is allowed
    const fatal = needed || !known || x.include.some((k) => !known.has(k));
    cx.report('blueprint/empty-set', fatal ? 'error' : 'warning', `the domain set ${setText(x)} is empty${needed ? ' where one element is needed' : ''}: ${why}`, x.span);
    return;
  }
  // a base that every other member of the set inherits from: most likely meant @abstract
  // (a set mixing heirs with unrelated blueprints, like Spear and Pike with Warhammer, is left alone)
  for (const key of members) {
    const heirs = members.filter((k) => k !== key && inherits(cx.defs.get(k), key));
    if (heirs.length === 0 || heirs.length !== members.length - 1) continue;
    cx.report(
      'blueprint/base-in-set',
      'warning',
      `the domain set ${setText(x)} holds ${key}, which ${heirs.join(', ')} ${heirs.length === 1 ? 'inherits' : 'inherit'} from, so the base itself can be picked: did you mean to mark ${key} @abstract?`,
      x.span,
    );
  }
}

/** A built-in call: pickOnChance's pairs and weights, rand's range, and the types of the operands. */
function checkCall(cx: LintContext, x: Call): void {
  if (x.op === 'pickOnChance') checkPickOnChance(cx, x);
  else if (x.op === 'rand') checkRandRange(cx, x);
  if (x.op === 'strcat') {
    for (const a of x.args) {
      const t = cx.typeOf(a);
      if (t === 'list' || t === 'master') cx.report('blueprint/type', 'error', `strcat joins strings and numbers, but this is a ${t === 'list' ? 'list' : 'blueprint'}`, a.span);
    }
  } else if (['rand', '+', '-', '*', '/', 'min', 'max'].includes(x.op)) {
    for (const a of x.args) {
      const t = cx.typeOf(a);
      if (t !== 'num' && t !== 'any') {
        cx.report('blueprint/type', 'error', `(${x.op} ...) takes numbers, but this is a ${t === 'str' ? 'string' : t === 'list' ? 'list' : 'blueprint'}`, a.span);
      }
    }
  }
}

function checkPickOnChance(cx: LintContext, x: Call): void {
  if (x.args.length % 2 !== 0) {
    cx.report('blueprint/chance', 'error', `(pickOnChance W1 X1 W2 X2 ...) takes weight-value pairs; it has ${x.args.length} arguments`, x.span);
  }
  for (let i = 0; i < x.args.length; i += 2) {
    const w = x.args[i] as Expr;
    if (w.kind === 'num' && !(w.value > 0)) cx.report('blueprint/chance', 'error', `pickOnChance weight ${w.value} is not positive: its value is never picked`, w.span);
    else if (cx.typeOf(w) !== 'num' && cx.typeOf(w) !== 'any') cx.report('blueprint/type', 'error', `a pickOnChance weight must be a number`, w.span);
  }
}

function checkRandRange(cx: LintContext, x: Call): void {
  const [lo, hi] = x.args as [Expr, Expr];
  if (lo.kind === 'num' && hi.kind === 'num' && lo.value > hi.value) {
    cx.report('blueprint/rand-range', 'error', `(rand ${lo.value} ${hi.value}): LO is greater than HI; write (rand ${hi.value} ${lo.value})`, x.span);
  } else if (lo.kind === 'num' && hi.kind === 'num' && Math.ceil(lo.value) > Math.floor(hi.value)) {
    cx.report('blueprint/rand-range', 'error', `(rand ${lo.value} ${hi.value}): rand draws a whole number from LO to HI, and there is none from ${lo.value} to ${hi.value}`, x.span);
  }
}

/** &source.KEY: only in mods and factories, and every possible target has the property. */
function checkSource(cx: LintContext, d: Definition, x: Source): void {
  if (d.kind === 'blueprint') {
    cx.report('blueprint/missing-source', 'error', `&source.${x.key} in blueprint ${d.name}: only mods and factories modify a source`, x.span);
    return;
  }
  const uses = d.kind === 'mod' ? (cx.modUses.get(d.key) ?? []) : [cx.factoryUse.get(d.key) as Use];
  const lacking = new Set<string>();
  for (const u of uses) for (const t of u.targets) if (!propsOf(t).has(x.key) && !u.added.has(x.key)) lacking.add(t.name);
  if (lacking.size === 0) return;
  const names = [...lacking];
  // the properties the lacking targets do have (and the use adds): a near one is the likely meaning
  const known = new Set<string>();
  for (const u of uses) for (const t of u.targets) if (lacking.has(t.name)) for (const k of [...propsOf(t), ...u.added]) known.add(k);
  cx.report(
    'blueprint/missing-source',
    'warning',
    `&source.${x.key}: ${names.length === 1 ? 'a possible target' : 'possible targets'} of ${d.key} (${names.join(', ')}) ${names.length === 1 ? 'has' : 'have'} no property '${x.key}', so mastering it fails there${didYouMean(x.key, known)}`,
    x.span,
  );
}

/** Mod properties that no possible target has. */
function checkModProperties(cx: LintContext, d: Definition): void {
  const uses = cx.modUses.get(d.key) ?? [];
  const targets = new Set<Definition>();
  for (const u of uses) for (const t of u.targets) targets.add(t);
  if (targets.size === 0) return;
  const all = new Set<string>();
  for (const t of targets) for (const k of propsOf(t)) all.add(k);
  for (const p of d.block.properties) {
    if (all.has(p.key)) continue;
    cx.report(
      'blueprint/mod-property-unused',
      'warning',
      `mod ${d.name} sets '${p.key}', which none of its possible targets (${[...targets].map((t) => t.name).join(', ')}) has: it adds a new property${didYouMean(p.key, all, { max: 1 })}`,
      p.keySpan,
    );
  }
}

/** Whether definition `d` has `key` as a parent, grandparent, ... */
function inherits(d: Definition | undefined, key: string): boolean {
  for (let p = d?.parent; p; p = p.parent) if (p.key === key) return true;
  return false;
}
