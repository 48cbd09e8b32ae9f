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
import type { Code, Diagnostic, Span } from '../../errors.js';
import { MODS, type Expr } from './ast.js';
import { definitionKey, walkExpr, type Definition, type Library } from './library.js';
import { setText } from './master.js';
import { didYouMean } from '../../did-you-mean.js';

type Ty = 'num' | 'str' | 'list' | 'master' | 'any';

export function lintLibrary(library: Library): Diagnostic[] {
  const out: Diagnostic[] = [];
  const defs = library.definitions;
  const report = (code: Code, severity: Diagnostic['severity'], message: string, span: Span) => out.push({ code, severity, message, span });

  // Keywords declared per domain (for "did you mean" on empty sets).
  const keywords = new Map<string, Set<string>>();
  for (const d of defs.values()) {
    for (const decl of d.block.domains) {
      const s = keywords.get(decl.domain) ?? new Set<string>();
      for (const k of decl.keywords) s.add(k);
      keywords.set(decl.domain, s);
    }
  }

  /** Definitions an expression may evaluate to (blueprint/mod/factory keys). */
  const possible = (e: Expr): string[] => {
    switch (e.kind) {
      case 'ref': {
        const key = definitionKey(e.name, e.factory);
        return defs.has(key) ? [key] : [];
      }
      case 'set':
        return [...library.members(e.domain, e.include, e.exclude)];
      case 'list':
        return isCall(e) ? [] : e.items.flatMap(possible);
      case 'call':
        if (e.op === 'pickOne') return e.args.flatMap(possible);
        if (e.op === 'pickOnChance') return e.args.filter((_, i) => i % 2 === 1).flatMap(possible);
        return [];
      default:
        return [];
    }
  };
  /** The blueprints a definition may master as (a factory: its substitutes, recursively). */
  const targetsMemo = new Map<string, Set<Definition>>();
  const targetsOf = (d: Definition, seen = new Set<string>()): Set<Definition> => {
    const hit = targetsMemo.get(d.key);
    if (hit) return hit;
    const out = new Set<Definition>();
    if (d.kind === 'blueprint') out.add(d);
    else if (d.kind === 'factory' && d.block.substitute && !seen.has(d.key)) {
      seen.add(d.key);
      for (const k of possible(d.block.substitute)) {
        const s = defs.get(k);
        if (s) for (const t of targetsOf(s, seen)) out.add(t);
      }
    }
    targetsMemo.set(d.key, out);
    return out;
  };
  const propsOf = (d: Definition): Set<string> => new Set(d.properties.map((p) => p.key));

  // For each mod: its possible targets and the properties earlier mods may add; for each factory the same.
  const modUses = new Map<string, Array<{ targets: Set<Definition>; added: Set<string> }>>();
  const factoryUse = new Map<string, { targets: Set<Definition>; added: Set<string> }>();
  for (const f of defs.values()) {
    if (f.kind !== 'factory') continue;
    const targets = targetsOf(f);
    const added = new Set<string>();
    const items = f.block.modlist ? (f.block.modlist.kind === 'list' ? f.block.modlist.items : [f.block.modlist]) : [];
    for (const item of items) {
      const mods = possible(item).filter((k) => defs.get(k)?.kind === 'mod');
      const before = new Set(added);
      for (const k of mods) {
        const list = modUses.get(k) ?? [];
        list.push({ targets, added: before });
        modUses.set(k, list);
      }
      for (const k of mods) for (const p of (defs.get(k) as Definition).block.properties) added.add(p.key);
    }
    factoryUse.set(f.key, { targets, added });
  }

  const typeOf = (e: Expr): Ty => {
    switch (e.kind) {
      case 'num':
        return 'num';
      case 'str':
        return 'str';
      case 'ref':
        return 'master';
      case 'list':
        return isCall(e) ? 'any' : 'list';
      case 'set':
        return 'list';
      case 'source':
      case 'param':
        return 'any';
      case 'call':
        switch (e.op) {
          case 'rand':
          case '+':
          case '-':
          case '*':
          case '/':
          case 'min':
          case 'max':
            return 'num';
          case 'strcat':
            return 'str';
          case 'pickOne': {
            if (e.args.length === 1) {
              const a = e.args[0] as Expr;
              if (a.kind === 'set') return 'master';
              if (a.kind === 'list') return same(a.items.map(typeOf));
              return typeOf(a) === 'list' ? 'any' : typeOf(a);
            }
            return same(e.args.map((a) => (a.kind === 'set' ? 'master' : typeOf(a))));
          }
          case 'pickOnChance':
            return same(e.args.filter((_, i) => i % 2 === 1).map(typeOf));
        }
    }
  };

  // a function declaration (hoisted): the closures above call it while they are being set up
  function isCall(e: Extract<Expr, { kind: 'list' }>): boolean {
    const head = e.items[0];
    return head?.kind === 'ref' && !head.factory && library.functionNames.has(head.name);
  }

  for (const d of defs.values()) {
    const b = d.block;
    const exprs: Array<{ e: Expr; role: 'property' | 'substitute' | 'modlist'; key?: string }> = [
      ...b.properties.map((p) => ({ e: p.expr, role: 'property' as const, key: p.key })),
      ...b.functions.map((f) => ({ e: f.body, role: 'property' as const, key: f.name })),
      ...(b.substitute ? [{ e: b.substitute, role: 'substitute' as const }] : []),
      ...(b.modlist ? [{ e: b.modlist, role: 'modlist' as const }] : []),
    ];
    for (const { e, role } of exprs) {
      // names: unknown, or a mod / not a mod in the wrong place
      const modSlots = new Set<Expr>();
      if (role === 'modlist') for (const x of walkExpr(e)) if (x.kind === 'ref') modSlots.add(x);
      const needOne = new Set<Expr>();
      for (const x of walkExpr(e)) {
        if (x.kind !== 'call' || x.op !== 'pickOne') continue;
        for (const a of x.args) if (x.args.length === 1 || a.kind === 'set') needOne.add(a);
      }
      const heads = new Set<Expr>();
      for (const x of walkExpr(e)) {
        if (x.kind !== 'list' || !isCall(x)) continue;
        const head = x.items[0] as Extract<Expr, { kind: 'ref' }>;
        heads.add(head);
        const f = d.functions.get(head.name);
        if (!f) {
          report('blueprint/unknown-function', 'error', `${d.key} has no function '${head.name}' (own or inherited)${didYouMean(head.name, d.functions.keys(), { max: 1 })}`, head.span);
        } else if (f.params.length !== x.items.length - 1) {
          report('blueprint/bad-expression', 'error', `(${head.name} ...) takes ${f.params.length} argument(s), not ${x.items.length - 1}`, x.span);
        }
      }
      for (const x of walkExpr(e)) {
        if (heads.has(x)) continue;
        if (x.kind === 'ref') {
          const key = definitionKey(x.name, x.factory);
          const target = defs.get(key);
          const inModlist = modSlots.has(x);
          if (!target) {
            const pool = [...defs.values()].filter((t) => (inModlist ? t.kind === 'mod' : t.kind !== 'mod')).map((t) => t.key);
            report(
              inModlist ? 'blueprint/unknown-mod' : 'blueprint/unknown-blueprint',
              'error',
              `${key} is no ${inModlist ? 'mod' : x.factory ? 'factory' : 'blueprint'} of the library${didYouMean(key, pool, { max: 1 })}`,
              x.span,
            );
          } else if (inModlist && target.kind !== 'mod') {
            report('blueprint/type', 'error', `${key} is a ${target.kind}, not a mod: a @modlist lists mods`, x.span);
          } else if (!inModlist && target.kind === 'mod') {
            report('blueprint/type', 'error', `${key} is a mod: only a factory's @modlist applies mods`, x.span);
          }
        } else if (x.kind === 'set') {
          const members = library.members(x.domain, x.include, x.exclude);
          if (members.length === 0) {
            const known = keywords.get(x.domain);
            let why: string;
            if (!known) {
              const dom = didYouMean(x.domain, keywords.keys(), { max: 1 });
              why = `no definition has keywords in the domain '${x.domain}'${dom}`;
            } else {
              const unknown = x.include.find((k) => !known.has(k));
              why = unknown
                ? `no definition has the keyword '${unknown}' in '${x.domain}'${didYouMean(unknown, known, { max: 1 })}`
                : `no ${x.domain === MODS ? 'mod' : 'blueprint'} has all of ${x.include.join(', ') || '(none)'}${x.exclude.length > 0 ? ` without ${x.exclude.join(', ')}` : ''}`;
            }
            // a keyword nobody declares is a typo: an error even where an empty set is allowed
            const needed = needOne.has(x) || role === 'substitute';
            const fatal = needed || !known || x.include.some((k) => !known.has(k));
            report('blueprint/empty-set', fatal ? 'error' : 'warning', `the domain set ${setText(x)} is empty${needed ? ' where one element is needed' : ''}: ${why}`, x.span);
          } else {
            // a base that every other member of the set inherits from: most likely meant @abstract
            // (a set mixing heirs with unrelated blueprints, like Spear and Pike with Warhammer, is left alone)
            for (const key of members) {
              const heirs = members.filter((k) => k !== key && inherits(defs.get(k), key));
              if (heirs.length === 0 || heirs.length !== members.length - 1) continue;
              report(
                'blueprint/base-in-set',
                'warning',
                `the domain set ${setText(x)} holds ${key}, which ${heirs.join(', ')} ${heirs.length === 1 ? 'inherits' : 'inherit'} from, so the base itself can be picked: did you mean to mark ${key} @abstract?`,
                x.span,
              );
            }
          }
        } else if (x.kind === 'call') {
          if (x.op === 'pickOnChance') {
            if (x.args.length % 2 !== 0) {
              report('blueprint/chance', 'error', `(pickOnChance W1 X1 W2 X2 ...) takes weight-value pairs; it has ${x.args.length} arguments`, x.span);
            }
            for (let i = 0; i < x.args.length; i += 2) {
              const w = x.args[i] as Expr;
              if (w.kind === 'num' && !(w.value > 0)) report('blueprint/chance', 'error', `pickOnChance weight ${w.value} is not positive: its value is never picked`, w.span);
              else if (typeOf(w) !== 'num' && typeOf(w) !== 'any') report('blueprint/type', 'error', `a pickOnChance weight must be a number`, w.span);
            }
          } else if (x.op === 'rand') {
            const [lo, hi] = x.args as [Expr, Expr];
            if (lo.kind === 'num' && hi.kind === 'num' && lo.value > hi.value) {
              report('blueprint/rand-range', 'error', `(rand ${lo.value} ${hi.value}): LO is greater than HI; write (rand ${hi.value} ${lo.value})`, x.span);
            } else if (lo.kind === 'num' && hi.kind === 'num' && Math.ceil(lo.value) > Math.floor(hi.value)) {
              report('blueprint/rand-range', 'error', `(rand ${lo.value} ${hi.value}): rand draws a whole number from LO to HI, and there is none from ${lo.value} to ${hi.value}`, x.span);
            }
          }
          if (x.op === 'strcat') {
            for (const a of x.args) {
              const t = typeOf(a);
              if (t === 'list' || t === 'master') report('blueprint/type', 'error', `strcat joins strings and numbers, but this is a ${t === 'list' ? 'list' : 'blueprint'}`, a.span);
            }
          } else if (['rand', '+', '-', '*', '/', 'min', 'max'].includes(x.op)) {
            for (const a of x.args) {
              const t = typeOf(a);
              if (t !== 'num' && t !== 'any') {
                report('blueprint/type', 'error', `(${x.op} ...) takes numbers, but this is a ${t === 'str' ? 'string' : t === 'list' ? 'list' : 'blueprint'}`, a.span);
              }
            }
          }
        } else if (x.kind === 'source') {
          if (d.kind === 'blueprint') {
            report('blueprint/missing-source', 'error', `&source.${x.key} in blueprint ${d.name}: only mods and factories modify a source`, x.span);
            continue;
          }
          const uses = d.kind === 'mod' ? (modUses.get(d.key) ?? []) : [factoryUse.get(d.key) as { targets: Set<Definition>; added: Set<string> }];
          const lacking = new Set<string>();
          for (const u of uses) for (const t of u.targets) if (!propsOf(t).has(x.key) && !u.added.has(x.key)) lacking.add(t.name);
          if (lacking.size > 0) {
            const names = [...lacking];
            // the properties the lacking targets do have (and the use adds): a near one is the likely meaning
            const known = new Set<string>();
            for (const u of uses) for (const t of u.targets) if (lacking.has(t.name)) for (const k of [...propsOf(t), ...u.added]) known.add(k);
            report(
              'blueprint/missing-source',
              'warning',
              `&source.${x.key}: ${names.length === 1 ? 'a possible target' : 'possible targets'} of ${d.key} (${names.join(', ')}) ${names.length === 1 ? 'has' : 'have'} no property '${x.key}', so mastering it fails there${didYouMean(x.key, known)}`,
              x.span,
            );
          }
        }
      }
    }
    // mod properties that no possible target has
    if (d.kind === 'mod') {
      const uses = modUses.get(d.key) ?? [];
      const targets = new Set<Definition>();
      for (const u of uses) for (const t of u.targets) targets.add(t);
      if (targets.size > 0) {
        const all = new Set<string>();
        for (const t of targets) for (const k of propsOf(t)) all.add(k);
        for (const p of b.properties) {
          if (all.has(p.key)) continue;
          report(
            'blueprint/mod-property-unused',
            'warning',
            `mod ${d.name} sets '${p.key}', which none of its possible targets (${[...targets].map((t) => t.name).join(', ')}) has: it adds a new property${didYouMean(p.key, all, { max: 1 })}`,
            p.keySpan,
          );
        }
      }
    }
  }
  return out.sort((a, b) => {
    const x = a.span as Span;
    const y = b.span as Span;
    return x.file < y.file ? -1 : x.file > y.file ? 1 : x.offset - y.offset;
  });
}

function same(types: Ty[]): Ty {
  const first = types[0];
  return first !== undefined && types.every((t) => t === first) ? first : 'any';
}

/** Whether definition `d` has `key` as a parent, grandparent, ... */
function inherits(d: Definition | undefined, key: string): boolean {
  for (let p = d?.parent; p; p = p.parent) if (p.key === key) return true;
  return false;
}
