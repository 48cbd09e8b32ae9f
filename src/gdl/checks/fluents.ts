/**
 * Fluents and moves read but never made (warnings):
 *
 *   fluents  `(true F)` in a rule body where no `init`, `next` or `base`
 *            makes a fluent of F's name and arity (`(true (cel ?r ?c b))`
 *            for cell), so the literal is never true; and `(does R M)` where
 *            no `legal` or `input` names a move of M's name and arity. With
 *            "did you mean" from the fluents (moves) the game does make.
 *
 * The consequences (no legal move, no terminal state, bases never true) are
 * reported by the later checks; this one names the cause. Skipped when a rule
 * defines true or does (an error of its own), and when an
 * `init`, `next`, `base` (`legal`, `input`) head makes its fluent (move) from a
 * bare variable, which could be anything.
 */
import { didYouMean } from '../../did-you-mean.js';
import type { Statement, Term } from '../../syntax/ast.js';
import { printTerm } from '../../syntax/printer.js';
import { warning, type Finding } from '../validate/finding.js';
import { readTypo } from './read-typos.js';
import { atomUses } from './walk.js';

/** name/arity of a ground-shaped term (a constant or a compound), undefined for a variable or a string. */
function shape(t: Term | undefined): { name: string; key: string } | undefined {
  if (!t) return undefined;
  if (t.kind === 'const') return { name: t.name, key: `${t.name}/0` };
  if (t.kind === 'compound') return { name: t.functor, key: `${t.functor}/${t.args.length}` };
  return undefined;
}

interface Kind {
  /** The keyword read in bodies, its arity and the argument holding the fluent or move. */
  read: { pred: string; arity: number; arg: number };
  /** Heads that make one: keyword, arity, argument. */
  makers: Array<{ pred: string; arity: number; arg: number }>;
  what: string;
  makersText: string;
}

const KINDS: Kind[] = [
  {
    read: { pred: 'true', arity: 1, arg: 0 },
    makers: [
      { pred: 'init', arity: 1, arg: 0 },
      { pred: 'next', arity: 1, arg: 0 },
      { pred: 'base', arity: 1, arg: 0 },
    ],
    what: 'fluent',
    makersText: 'no init, next or base makes one',
  },
  {
    read: { pred: 'does', arity: 2, arg: 1 },
    makers: [
      { pred: 'legal', arity: 2, arg: 1 },
      { pred: 'input', arity: 2, arg: 1 },
    ],
    what: 'move',
    makersText: 'no legal or input names one',
  },
];

export function checkFluents(statements: readonly Statement[]): Finding[] {
  const uses = atomUses(statements);
  const out: Finding[] = [];
  // a game defining true or does by a rule is already an error (keywords.ts): nothing to add
  if (uses.some((u) => u.where === 'head' && (u.atom.pred === 'true' || u.atom.pred === 'does'))) return out;
  for (const kind of KINDS) {
    const made = new Map<string, string>(); // key -> name
    let open = false;
    for (const u of uses) {
      if (u.where !== 'head') continue;
      const m = kind.makers.find((k) => k.pred === u.atom.pred && k.arity === u.atom.args.length);
      if (!m) continue;
      const s = shape(u.atom.args[m.arg]);
      if (s) made.set(s.key, s.name);
      else open = true;
    }
    if (open || made.size === 0) continue;
    const names = [...new Set(made.values())];
    for (const u of uses) {
      if (u.where !== 'body' || u.atom.pred !== kind.read.pred || u.atom.args.length !== kind.read.arity) continue;
      const t = u.atom.args[kind.read.arg] as Term;
      const s = shape(t);
      if (!s || made.has(s.key)) continue;
      const arities = [...made.keys()].filter((k) => k.startsWith(`${s.name}/`));
      const why = arities.length > 0 ? `the game makes ${s.name} only as ${arities.join(', ')}` : `${kind.makersText}${didYouMean(s.name, names)}`;
      const read = `(${u.atom.pred} ${u.atom.args.map(printTerm).join(' ')})`;
      const arity = Number(s.key.slice(s.key.lastIndexOf('/') + 1));
      const typo = arities.length > 0 ? undefined : readTypo(read, kind.what === 'fluent' ? 'fluent' : 'move', s.name, arity, made, t.span);
      out.push(typo ?? warning('fluents', `${read} reads the ${kind.what} ${s.key}, which is never ${kind.what === 'fluent' ? 'true' : 'legal'}: ${why}`, t.span, { unreachable: true }));
    }
  }
  return out;
}
