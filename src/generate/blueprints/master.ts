/**
 * Mastering: evaluate every property of a blueprint once, with a seed, into a
 * fixed object (a Master). A property whose value is a blueprint (or a list of
 * them) is mastered too, recursively. Every property draws from its own
 * stream, derived from the seed and the property's path (`weapon/damage`,
 * `kit/0/light`), so editing one property leaves the other properties' draws
 * unchanged. A factory masters its substitute at its own path, then applies
 * its mods in order (streams `PATH/@mod/I/KEY`), then its own properties
 * (`PATH/@factory/KEY`), each reading `&source.KEY` from the result so far.
 *
 * Errors (GramlogErrors with the span of the expression, and the seed and path):
 *   blueprint/unknown-blueprint  a name that is no blueprint, mod or factory
 *   blueprint/abstract           mastering (or referring to) an @abstract blueprint
 *   blueprint/empty-set          a domain set with no member where one element is needed
 *   blueprint/cycle              a blueprint whose master would contain itself
 *   blueprint/type               arithmetic on a non-number, strcat of a list or master,
 *                                a mod where a blueprint is needed, ...
 *   blueprint/missing-source     &source.KEY where the source has no KEY (or outside a mod/factory)
 *   blueprint/chance             pickOnChance with odd arguments or no positive weight
 *   blueprint/rand-range         (rand LO HI) with no whole number from LO to HI, or bounds past ±2^53
 *   number/not-finite            arithmetic whose result is Infinity or NaN (an overflow, 0/0 ...)
 *   blueprint/unknown-function   (f ...) where the definition being mastered has no function f
 *   blueprint/recursion          function calls nested more than 200 deep
 *   blueprint/budget             more function calls (maxCalls) or more nested masters
 *                                (maxMasters) in one master than its budget
 */
import { GramlogError, type Span } from '../../errors.js';
import { formatNumber } from '../../program/terms.js';
import { createRandom, type Random } from '../../random.js';
import { controlledStream, type DrawControl } from './draws.js';
import type { Expr } from './ast.js';
import { definitionKey, type Definition, type Library } from './library.js';
import { didYouMean } from '../../did-you-mean.js';
import { dataAt, record, recordOf } from '../../data/records.js';
import { memoryGuard, type MemoryBudget, type MemoryGuard } from '../memory.js';

/** A mastered value: a number, a string, a list, or a nested master. */
export type Value = number | string | Master | readonly Value[];

export interface Master {
  /** The seed (top-level masters only). */
  readonly seed?: number | string;
  /** The blueprint mastered (for a factory, the substitute's). */
  readonly blueprint: string;
  /** The factory that made it, if any (the outermost). */
  readonly factory?: string;
  /** The mods applied, in order. */
  readonly mods?: readonly string[];
  readonly properties: Readonly<Record<string, Value>>;
}

export interface MasterOptions {
  seed?: number | string;
  /** Stop with generate/memory when the heap outgrows it (default: the installed budget, ../memory.ts). */
  memory?: MemoryBudget;
  /** Most function calls one master may make (default DEFAULT_MAX_CALLS); more is a blueprint/budget error at the call. */
  maxCalls?: number;
  /** Most blueprints one master may master, itself and every nested one (default DEFAULT_MAX_MASTERS); more is a blueprint/budget error. */
  maxMasters?: number;
  /** Forced draws, and who hears of every draw (./draws.ts: `--choose`, `--satisfy`'s search). */
  draws?: DrawControl;
}

/**
 * Function calls one master may make by default: far more than any bundled or
 * shared blueprint needs (a few hundred), and reached in about a second by
 * functions that call each other exponentially often.
 */
export const DEFAULT_MAX_CALLS = 1_000_000;

/** Blueprints one master may master by default (itself and every nested one). */
export const DEFAULT_MAX_MASTERS = 100_000;

/** Masters nest at most this deep (a guard; a cycle is reported before). */
const MAX_DEPTH = 64;

class Ref {
  constructor(readonly def: Definition) {}
}
type Raw = number | string | Ref | Master | Raw[];

export function isMaster(v: Value): v is Master {
  return typeof v === 'object' && !Array.isArray(v);
}

/** Master `name` (`Spear`, or a factory as `{MagicalWeapon}`) with a seed (default 0). */
/** The longest string a (strcat ...) may make (characters): far beyond any name or text, far below V8's own limit. */
export const MAX_STRING = 1 << 20;

export function master(library: Library, name: string, options: MasterOptions = {}): Master {
  const seed = options.seed ?? 0;
  const def = library.definitions.get(name);
  if (!def) {
    const keys = [...library.definitions.keys()];
    const bare = /^\{.*\}$/.test(name) ? name : definitionKey(name, true);
    const hint = library.definitions.has(bare) ? `; did you mean the factory '${bare}'?` : didYouMean(name, keys, { max: 1 });
    throw new GramlogError('blueprint/unknown-blueprint', `no blueprint or factory named '${name}' in the library${hint}`);
  }
  if (def.kind === 'mod') {
    throw new GramlogError('blueprint/type', `${name} is a mod: master a blueprint or a factory (a factory's @modlist applies mods)`, def.block.nameSpan);
  }
  if (def.block.abstract) throw abstractError(library, def, def.block.abstract);
  const m = new Mastering(library, seed, memoryGuard(options.memory, { unit: 'masters', lower: 'the lists of blueprints it masters', span: def.block.nameSpan, seed }), {
    calls: options.maxCalls ?? DEFAULT_MAX_CALLS,
    masters: options.maxMasters ?? DEFAULT_MAX_MASTERS,
  }, options.draws);
  const out = m.master(def, '', []);
  return { seed, ...out };
}

interface Ctx {
  /** The stream's path (also the path shown in errors). */
  path: string;
  random: Random | undefined;
  source: Readonly<Record<string, Value>> | undefined;
  /** Who is being mastered (for messages, and whose functions a call runs). */
  owner: Definition;
  /** A function's arguments, while its body is evaluated. */
  args?: ReadonlyMap<string, Raw>;
  /** Function calls deep. */
  depth?: number;
  /** In a function's body: the caller's context, whose stream the body draws from. */
  caller?: Ctx;
}

/** Function calls nest at most this deep (runaway recursion is an error). */
const MAX_CALLS = 200;

class Mastering {
  private readonly root: Random;
  private calls = 0;
  private masters = 1;
  constructor(
    private readonly library: Library,
    private readonly seed: number | string,
    private readonly guard: MemoryGuard,
    private readonly budget: { calls: number; masters: number },
    private readonly draws?: DrawControl,
  ) {
    this.root = createRandom(seed);
  }

  private fail(code: string, message: string, span: Span | undefined, ctx: Ctx): never {
    const where = ctx.path === '' ? '' : ` at ${ctx.path}`;
    throw new GramlogError(code, `${message} (mastering ${ctx.owner.key}${where}, seed ${String(this.seed)})`, span);
  }

  private rnd(ctx: Ctx): Random {
    if (ctx.caller) return this.rnd(ctx.caller);
    return (ctx.random ??= this.draws ? controlledStream(this.root.derive(ctx.path), ctx.path, this.draws) : this.root.derive(ctx.path));
  }

  master(def: Definition, path: string, stack: readonly Definition[]): Master {
    if (stack.length >= MAX_DEPTH) {
      throw new GramlogError('blueprint/cycle', `masters nest more than ${MAX_DEPTH} deep at ${path}`, def.block.nameSpan);
    }
    this.guard.step();
    const inner = [...stack, def];
    if (def.kind === 'factory') return this.factory(def, path, inner);
    const properties = record<Value>();
    for (const p of def.properties) {
      const ppath = path === '' ? p.key : `${path}/${p.key}`;
      const ctx: Ctx = { path: ppath, random: undefined, source: undefined, owner: def };
      properties[p.key] = this.resolve(this.eval(p.expr, ctx), ppath, inner, p.expr.span, ctx);
    }
    return { blueprint: def.name, properties };
  }

  private factory(def: Definition, path: string, stack: readonly Definition[]): Master {
    const block = def.block;
    const subPath = path === '' ? '@substitute' : `${path}/@substitute`;
    const ctx: Ctx = { path: subPath, random: undefined, source: undefined, owner: def };
    if (!block.substitute) this.fail('blueprint/type', `factory ${def.key} has no @substitute`, block.nameSpan, ctx);
    const sub = this.eval(block.substitute, ctx);
    if (!(sub instanceof Ref) || sub.def.kind === 'mod') {
      this.fail('blueprint/type', `the @substitute of ${def.key} must give one blueprint or factory, not ${describeRaw(sub)}`, block.substitute.span, ctx);
    }
    const base = this.masterRef(sub.def, path, stack, block.substitute.span, ctx);
    let properties: Record<string, Value> = copyRecord(base.properties);
    const mods: string[] = [...(base.mods ?? [])];
    if (block.modlist) {
      const mctx: Ctx = { path: path === '' ? '@modlist' : `${path}/@modlist`, random: undefined, source: undefined, owner: def };
      const list = this.eval(block.modlist, mctx);
      const flat = (Array.isArray(list) ? list : [list]).flat(Infinity as 1) as Raw[];
      flat.forEach((m, i) => {
        if (!(m instanceof Ref) || m.def.kind !== 'mod') {
          this.fail('blueprint/type', `the @modlist of ${def.key} must give mods, not ${describeRaw(m)}`, block.modlist?.span, mctx);
        }
        properties = this.applyMod(m.def, properties, `${path === '' ? '' : path + '/'}@mod/${i}`, stack);
        mods.push(m.def.name);
      });
    }
    properties = this.applyMod(def, properties, path === '' ? '@factory' : `${path}/@factory`, stack);
    return { blueprint: base.blueprint, factory: def.name, ...(mods.length > 0 ? { mods } : {}), properties };
  }

  /** A mod's (or a factory's own) properties over `source`: each reads the source as it was before this mod. */
  private applyMod(def: Definition, source: Record<string, Value>, path: string, stack: readonly Definition[]): Record<string, Value> {
    if (def.block.properties.length === 0) return source;
    const out = copyRecord(source);
    for (const p of def.block.properties) {
      const ppath = `${path}/${p.key}`;
      const ctx: Ctx = { path: ppath, random: undefined, source, owner: def };
      out[p.key] = this.resolve(this.eval(p.expr, ctx), ppath, stack, p.expr.span, ctx);
    }
    return out;
  }

  private masterRef(def: Definition, path: string, stack: readonly Definition[], span: Span, ctx: Ctx): Master {
    if (stack.includes(def)) {
      const names = [...stack.slice(stack.indexOf(def)).map((d) => d.key), def.key];
      this.fail('blueprint/cycle', `reference cycle ${names.join(' -> ')}: the master of ${def.key} would contain itself`, span, ctx);
    }
    if (++this.masters > this.budget.masters) {
      this.fail(
        'blueprint/budget',
        `more than ${this.budget.masters} blueprints mastered in one master (here ${def.key}); raise --max-masters (maxMasters) if the object is meant to be this large`,
        span,
        ctx,
      );
    }
    return this.master(def, path, stack);
  }

  /** Master the blueprints in a property's value (each at its own path). */
  private resolve(v: Raw, path: string, stack: readonly Definition[], span: Span, ctx: Ctx): Value {
    if (v instanceof Ref) {
      if (v.def.kind === 'mod') this.fail('blueprint/type', `${v.def.key} is a mod: only a factory's @modlist applies mods`, span, ctx);
      if (v.def.block.abstract) throw abstractError(this.library, v.def, span);
      return this.masterRef(v.def, path, stack, span, ctx);
    }
    if (Array.isArray(v)) return v.map((x, i) => this.resolve(x, `${path}/${i}`, stack, span, ctx));
    return v as Value;
  }

  private ref(e: Extract<Expr, { kind: 'ref' }>, ctx: Ctx): Ref {
    const key = definitionKey(e.name, e.factory);
    const def = this.library.definitions.get(key);
    if (!def) {
      this.fail('blueprint/unknown-blueprint', `no ${e.factory ? 'factory' : 'blueprint or mod'} named ${key}${didYouMean(key, this.library.definitions.keys(), { max: 1 })}`, e.span, ctx);
    }
    return new Ref(def);
  }

  private eval(e: Expr, ctx: Ctx): Raw {
    switch (e.kind) {
      case 'num':
      case 'str':
        return e.value;
      case 'ref':
        return this.ref(e, ctx);
      case 'list': {
        const head = e.items[0];
        if (head?.kind === 'ref' && !head.factory && this.library.functionNames.has(head.name)) return this.callFunction(head.name, e, ctx);
        return e.items.map((i) => this.eval(i, ctx));
      }
      case 'param': {
        const v = ctx.args?.get(e.name);
        if (v === undefined) this.fail('blueprint/bad-expression', `$${e.name} has no value here`, e.span, ctx);
        return v;
      }
      case 'set':
        return this.library.members(e.domain, e.include, e.exclude).map((k) => new Ref(this.library.definitions.get(k) as Definition));
      case 'source': {
        const src = ctx.source;
        if (!src) this.fail('blueprint/missing-source', `&source.${e.key} is only meaningful in a mod or a factory's properties`, e.span, ctx);
        // only the source's own properties: &source.toString or &source.__proto__ is a missing property, not JavaScript's
        const v = dataAt(src, e.key) as Value | undefined;
        if (v === undefined) {
          this.fail('blueprint/missing-source', `&source.${e.key}: the blueprint being modified has no property '${e.key}'${didYouMean(e.key, Object.keys(src), { max: 1 })}`, e.span, ctx);
        }
        return v as Raw;
      }
      case 'call':
        return this.call(e, ctx);
    }
  }

  private callFunction(name: string, e: Extract<Expr, { kind: 'list' }>, ctx: Ctx): Raw {
    const f = ctx.owner.functions.get(name);
    if (!f) {
      this.fail('blueprint/unknown-function', `${ctx.owner.key} has no function '${name}' (own or inherited)${didYouMean(name, ctx.owner.functions.keys(), { max: 1 })}`, e.span, ctx);
    }
    const given = e.items.length - 1;
    if (given !== f.params.length) {
      this.fail('blueprint/bad-expression', `(${name} ...) takes ${f.params.length} argument(s), not ${given}`, e.span, ctx);
    }
    const depth = (ctx.depth ?? 0) + 1;
    if (depth > MAX_CALLS) this.fail('blueprint/recursion', `function calls nest more than ${MAX_CALLS} deep (in ${name})`, e.span, ctx);
    if (++this.calls > this.budget.calls) {
      this.fail(
        'blueprint/budget',
        `more than ${this.budget.calls} function calls in one master (this one to ${name}); raise --max-calls (maxCalls) if the blueprint is meant to call this often`,
        e.span,
        ctx,
      );
    }
    const args = new Map<string, Raw>();
    f.params.forEach((p, i) => args.set(p, this.eval(e.items[i + 1] as Expr, ctx)));
    // the body draws from the caller's stream
    const inner: Ctx = { path: ctx.path, random: undefined, source: ctx.source, owner: ctx.owner, args, depth, caller: ctx };
    return this.eval(f.body, inner);
  }

  /** A computed number, or a located error when it is Infinity or NaN (a master holds finite numbers only). */
  private finite(v: number, e: Extract<Expr, { kind: 'call' }>, ctx: Ctx): number {
    if (!Number.isFinite(v)) {
      this.fail('number/not-finite', `(${e.op} ...) gives ${Number.isNaN(v) ? 'no number (NaN)' : `${v > 0 ? '' : '-'}Infinity`}: its result is past the largest number (about 1.8e308); every computed value must be a finite number`, e.span, ctx);
    }
    return v;
  }

  private num(e: Expr, ctx: Ctx, op: string): number {
    const v = this.eval(e, ctx);
    if (typeof v !== 'number') this.fail('blueprint/type', `(${op} ...) takes numbers, not ${describeRaw(v)}`, e.span, ctx);
    return v;
  }

  private call(e: Extract<Expr, { kind: 'call' }>, ctx: Ctx): Raw {
    const args = e.args;
    switch (e.op) {
      case 'rand': {
        const loValue = this.num(args[0] as Expr, ctx, 'rand');
        const hiValue = this.num(args[1] as Expr, ctx, 'rand');
        const [lo, hi] = [Math.ceil(loValue), Math.floor(hiValue)];
        const text = `(rand ${formatNumber(loValue)} ${formatNumber(hiValue)})`;
        if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi)) {
          this.fail('blueprint/rand-range', `${text}: rand draws a whole number, and its bounds must lie within ±${Number.MAX_SAFE_INTEGER} (2^53 - 1)`, e.span, ctx);
        }
        if (loValue > hiValue) this.fail('blueprint/rand-range', `${text}: LO is greater than HI; write (rand ${formatNumber(hiValue)} ${formatNumber(loValue)})`, e.span, ctx);
        if (lo > hi) this.fail('blueprint/rand-range', `${text}: rand draws a whole number from LO to HI, and there is none from ${formatNumber(loValue)} to ${formatNumber(hiValue)}; give bounds that include one, e.g. (rand ${lo - 1} ${lo})`, e.span, ctx);
        return lo + this.rnd(ctx).int(hi - lo + 1);
      }
      case 'pickOne': {
        if (args.length === 1) {
          const only = this.eval(args[0] as Expr, ctx);
          if (!Array.isArray(only)) return only;
          if (only.length === 0) {
            const a = args[0] as Expr;
            this.fail('blueprint/empty-set', `(pickOne ${a.kind === 'set' ? setText(a) : 'LIST'}) has nothing to pick: the ${a.kind === 'set' ? 'domain set' : 'list'} is empty`, a.span, ctx);
          }
          return this.rnd(ctx).pick(only);
        }
        // one of the arguments; a domain set picked is picked into (one of its members)
        const chosen = this.rnd(ctx).pick(args);
        if (chosen.kind !== 'set') return this.eval(chosen, ctx);
        const members = this.eval(chosen, ctx) as Raw[];
        if (members.length === 0) this.fail('blueprint/empty-set', `pickOne picked ${setText(chosen)}, which is empty`, chosen.span, ctx);
        return this.rnd(ctx).pick(members);
      }
      case 'pickOnChance': {
        if (args.length % 2 !== 0) this.fail('blueprint/chance', `(pickOnChance W1 X1 W2 X2 ...) takes weight-value pairs; it has ${args.length} arguments`, e.span, ctx);
        const weights: number[] = [];
        for (let i = 0; i < args.length; i += 2) {
          const w = this.num(args[i] as Expr, ctx, 'pickOnChance');
          if (!(w >= 0) || !Number.isFinite(w)) this.fail('blueprint/chance', `pickOnChance weight ${w} must be a number >= 0`, (args[i] as Expr).span, ctx);
          weights.push(w);
        }
        if (!weights.some((w) => w > 0)) this.fail('blueprint/chance', 'pickOnChance has no positive weight', e.span, ctx);
        return this.eval(args[2 * this.rnd(ctx).weighted(weights) + 1] as Expr, ctx);
      }
      case 'strcat': {
        let s = '';
        for (const a of args) {
          const v = this.eval(a, ctx);
          if (typeof v === 'number') s += formatNumber(v);
          else if (typeof v === 'string') s += v;
          else this.fail('blueprint/type', `(strcat ...) joins strings and numbers, not ${describeRaw(v)}`, a.span, ctx);
          if (s.length > MAX_STRING) {
            this.fail('blueprint/string-too-long', `(strcat ...) makes a string of more than ${MAX_STRING.toLocaleString('en-US')} characters`, e.span, ctx);
          }
        }
        return s;
      }
      case '+':
      case '*':
      case 'min':
      case 'max': {
        let acc = this.num(args[0] as Expr, ctx, e.op);
        for (let i = 1; i < args.length; i++) {
          const x = this.num(args[i] as Expr, ctx, e.op);
          acc = e.op === '+' ? acc + x : e.op === '*' ? acc * x : e.op === 'min' ? Math.min(acc, x) : Math.max(acc, x);
        }
        return this.finite(acc, e, ctx);
      }
      case '-': {
        const a = this.num(args[0] as Expr, ctx, '-');
        return this.finite(args.length === 1 ? -a : a - this.num(args[1] as Expr, ctx, '-'), e, ctx);
      }
      case '/': {
        const a = this.num(args[0] as Expr, ctx, '/');
        const b = this.num(args[1] as Expr, ctx, '/');
        if (b === 0) this.fail('blueprint/type', 'division by zero', (args[1] as Expr).span, ctx);
        return this.finite(a / b, e, ctx);
      }
    }
  }
}

/** A copy of a master's properties: a null-prototype record (property names are data). */
function copyRecord(from: Readonly<Record<string, Value>>): Record<string, Value> {
  return recordOf(Object.keys(from).map((k) => [k, dataAt(from, k) as Value] as const));
}

function describeRaw(v: Raw | undefined): string {
  if (v === undefined) return 'nothing';
  if (typeof v === 'number') return `the number ${formatNumber(v)}`;
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  if (v instanceof Ref) return `the ${v.def.kind} ${v.def.key}`;
  if (Array.isArray(v)) return `a list of ${v.length}`;
  return `a master of ${(v as Master).blueprint}`;
}

export function setText(e: Extract<Expr, { kind: 'set' }>): string {
  return `[${e.domain}: ${[...e.include, ...e.exclude.map((k) => '!' + k)].join(' ')}]`;
}

/** Mastering an @abstract blueprint: located where it is asked for (its @abstract line at the top level, else the reference). */
function abstractError(library: Library, def: Definition, span: Span): GramlogError {
  const heirs = [...library.definitions.values()].filter((d) => d.parent === def && !d.block.abstract).map((d) => d.key);
  return new GramlogError(
    'blueprint/abstract',
    `${def.key} is @abstract (a base for others), so it is never mastered: master ${heirs.length > 0 ? `one of the blueprints that inherit from it (${heirs.join(', ')})` : 'a blueprint that inherits from it'}, or drop @abstract`,
    span,
  );
}
