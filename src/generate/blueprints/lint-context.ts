/**
 * What the checks of a blueprint library (./lint.ts) share: the findings so
 * far, the keywords each domain declares, what an expression may evaluate
 * to and its type, and where each mod and factory is used.
 */
import type { Code, Diagnostic, Span } from '../../errors.js';
import type { Expr } from './ast.js';
import { definitionKey, type Definition, type Library } from './library.js';

export type Ty = 'num' | 'str' | 'list' | 'master' | 'any';

/** A use of a mod (or a factory): the blueprints it may apply to, and the properties earlier mods add to them. */
export interface Use {
  targets: Set<Definition>;
  added: Set<string>;
}

export class LintContext {
  readonly findings: Diagnostic[] = [];
  readonly defs: Library['definitions'];
  /** Keywords declared per domain (for "did you mean" on empty sets). */
  readonly keywords = new Map<string, Set<string>>();
  /** For each mod: its uses in factories' @modlist. */
  readonly modUses = new Map<string, Use[]>();
  /** For each factory: its targets and the properties its mods add. */
  readonly factoryUse = new Map<string, Use>();
  private readonly targetsMemo = new Map<string, Set<Definition>>();

  constructor(readonly library: Library) {
    this.defs = library.definitions;
    for (const d of this.defs.values()) {
      for (const decl of d.block.domains) {
        const s = this.keywords.get(decl.domain) ?? new Set<string>();
        for (const k of decl.keywords) s.add(k);
        this.keywords.set(decl.domain, s);
      }
    }
    for (const f of this.defs.values()) if (f.kind === 'factory') this.recordFactory(f);
  }

  report(code: Code, severity: Diagnostic['severity'], message: string, span: Span): void {
    this.findings.push({ code, severity, message, span });
  }

  /** A factory's targets, and for each mod of its @modlist the properties the mods before it add. */
  private recordFactory(f: Definition): void {
    const targets = this.targetsOf(f);
    const added = new Set<string>();
    const items = f.block.modlist ? (f.block.modlist.kind === 'list' ? f.block.modlist.items : [f.block.modlist]) : [];
    for (const item of items) {
      const mods = this.possible(item).filter((k) => this.defs.get(k)?.kind === 'mod');
      const before = new Set(added);
      for (const k of mods) {
        const list = this.modUses.get(k) ?? [];
        list.push({ targets, added: before });
        this.modUses.set(k, list);
      }
      for (const k of mods) for (const p of (this.defs.get(k) as Definition).block.properties) added.add(p.key);
    }
    this.factoryUse.set(f.key, { targets, added });
  }

  /** Definitions an expression may evaluate to (blueprint/mod/factory keys). */
  possible(e: Expr): string[] {
    switch (e.kind) {
      case 'ref': {
        const key = definitionKey(e.name, e.factory);
        return this.defs.has(key) ? [key] : [];
      }
      case 'set':
        return [...this.library.members(e.domain, e.include, e.exclude)];
      case 'list':
        return this.isCall(e) ? [] : e.items.flatMap((x) => this.possible(x));
      case 'call':
        if (e.op === 'pickOne') return e.args.flatMap((x) => this.possible(x));
        if (e.op === 'pickOnChance') return e.args.filter((_, i) => i % 2 === 1).flatMap((x) => this.possible(x));
        return [];
      default:
        return [];
    }
  }

  /** The blueprints a definition may master as (a factory: its substitutes, recursively). */
  targetsOf(d: Definition, seen = new Set<string>()): Set<Definition> {
    const hit = this.targetsMemo.get(d.key);
    if (hit) return hit;
    const out = new Set<Definition>();
    if (d.kind === 'blueprint') out.add(d);
    else if (d.kind === 'factory' && d.block.substitute && !seen.has(d.key)) {
      seen.add(d.key);
      for (const k of this.possible(d.block.substitute)) {
        const s = this.defs.get(k);
        if (s) for (const t of this.targetsOf(s, seen)) out.add(t);
      }
    }
    this.targetsMemo.set(d.key, out);
    return out;
  }

  /** Whether a list is a call of a @function. */
  isCall(e: Extract<Expr, { kind: 'list' }>): boolean {
    const head = e.items[0];
    return head?.kind === 'ref' && !head.factory && this.library.functionNames.has(head.name);
  }

  typeOf(e: Expr): Ty {
    switch (e.kind) {
      case 'num':
        return 'num';
      case 'str':
        return 'str';
      case 'ref':
        return 'master';
      case 'list':
        return this.isCall(e) ? 'any' : 'list';
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
              if (a.kind === 'list') return same(a.items.map((x) => this.typeOf(x)));
              return this.typeOf(a) === 'list' ? 'any' : this.typeOf(a);
            }
            return same(e.args.map((a) => (a.kind === 'set' ? 'master' : this.typeOf(a))));
          }
          case 'pickOnChance':
            return same(e.args.filter((_, i) => i % 2 === 1).map((x) => this.typeOf(x)));
        }
    }
  }
}

export const propsOf = (d: Definition): Set<string> => new Set(d.properties.map((p) => p.key));

function same(types: Ty[]): Ty {
  const first = types[0];
  return first !== undefined && types.every((t) => t === first) ? first : 'any';
}
