/**
 * Static checks of GDL-II (and GDL-III) keywords, from the syntax tree:
 *
 *   role-argument  the first argument of `legal`, `does`, `goal` or `input` is
 *                  a constant that is no role (error, at the argument); an
 *                  input rule deriving a non-role is the same error, from the
 *                  static model (validate/bases-inputs.ts)
 *   sees           the same for `sees` (error); a `sees` rule that depends on
 *                  nothing any role does or holds, so the role receives the
 *                  percept at every step whatever happens (warning)
 *   random         goals for GDL-II's `random` role, or `terminal` / a goal
 *                  reading `random`'s goals or legal moves (warning; with
 *                  `(gdl random)`, the griddle convention: `(goal random 100)`
 *                  as a fact, anything else warned)
 *   gdl            a `(gdl ...)` declaration whose argument is not `random`
 *                  (warning, as griddle reports it: the variant is unknown)
 *   knows          GDL-III's `(knows ...)`: read, but not supported for play (error)
 *
 * A variable first argument is checked against the relaxed game later
 * (validate/role-arguments.ts).
 */
import type { Statement, Term } from '../../syntax/ast.js';
import { didYouMean } from '../../did-you-mean.js';
import { error, warning, type Finding } from '../validate/finding.js';
import { atomUses } from './walk.js';

/** Argument values of `(gdl ...)` declarations gramlog (like griddle) knows. */
export const KNOWN_GDL_VARIANTS = ['random'];

const ROLE_FIRST = new Map<string, 'head' | 'body' | 'both'>([
  ['legal', 'both'],
  ['goal', 'both'],
  ['does', 'body'],
  ['sees', 'head'],
  ['input', 'head'],
]);

function constName(t: Term | undefined): string | undefined {
  return t?.kind === 'const' ? t.name : undefined;
}

/** Names of relations that depend (transitively) on `true` or `does`. */
function dynamicNames(statements: readonly Statement[]): Set<string> {
  const dyn = new Set(['true', 'does']);
  const uses = atomUses(statements);
  for (let changed = true; changed; ) {
    changed = false;
    for (const u of uses) {
      if (u.where !== 'body' || !dyn.has(u.atom.pred)) continue;
      const head = u.statement.head.pred;
      if (!dyn.has(head)) {
        dyn.add(head);
        changed = true;
      }
    }
  }
  return dyn;
}

export function checkGdl2(statements: readonly Statement[]): Finding[] {
  const out: Finding[] = [];
  const roles = new Set<string>();
  for (const st of statements) {
    const r = st.head.pred === 'role' && st.body.length === 0 ? constName(st.head.args[0]) : undefined;
    if (r !== undefined) roles.add(r);
  }
  const variants = new Set<string>();
  for (const st of statements) {
    if (st.head.pred !== 'gdl') continue;
    const arg = constName(st.head.args[0]);
    if (st.head.args.length === 1 && arg !== undefined && !st.isRule && KNOWN_GDL_VARIANTS.includes(arg.toLowerCase())) {
      variants.add(arg.toLowerCase());
      continue;
    }
    out.push(
      warning(
        'gdl',
        `(gdl ...) declares a variant of GDL; gramlog knows ${KNOWN_GDL_VARIANTS.map((v) => `(gdl ${v})`).join(', ')} only, so it may not judge this game by the rules it was written for`,
        st.head.args[0]?.span ?? st.head.span,
      ),
    );
  }
  const uses = atomUses(statements);
  if (roles.size > 0) {
    for (const u of uses) {
      const where = ROLE_FIRST.get(u.atom.pred);
      if (where === undefined || u.atom.args.length !== 2) continue;
      if (where !== 'both' && where !== u.where) continue;
      const arg = u.atom.args[0] as Term;
      const name = constName(arg);
      if (name === undefined || roles.has(name)) continue;
      const check = u.atom.pred === 'sees' ? 'sees' : 'role-argument';
      out.push(
        error(
          check,
          `${name} is not a role, so (${u.atom.pred} ${name} ...) ${u.where === 'head' ? 'is about nobody' : 'never holds'}: the roles are ${[...roles].join(', ')}${didYouMean(name, roles)}`,
          arg.span,
        ),
      );
    }
  }
  // Percepts that carry no information.
  const dyn = dynamicNames(statements);
  for (const st of statements) {
    if (st.head.pred !== 'sees' || st.head.args.length !== 2) continue;
    const reads = uses.filter((u) => u.statement === st && u.where === 'body').some((u) => dyn.has(u.atom.pred));
    if (!reads) {
      out.push(
        warning(
          'sees',
          `this percept depends on nothing any role does or holds (no true, no does), so it is received after every step whatever happens and tells nothing: make it depend on the state or the moves`,
          st.head.span,
        ),
      );
    }
  }
  // The random role.
  if (roles.has('random')) {
    for (const st of statements) {
      if (st.head.pred === 'goal' && constName(st.head.args[0]) === 'random') {
        if (variants.has('random')) {
          if (st.isRule || st.body.length > 0 || constName(st.head.args[1]) !== '100') {
            out.push(warning('random', `with (gdl random), the random player's goal is stated as the fact (goal random 100), not derived or given another value`, st.head.span));
          }
        } else {
          out.push(
            warning(
              'random',
              `random is GDL-II's chance player: it has no goals, and goal values given to it are ignored (declare (gdl random) for the GGP-Base convention (goal random 100))`,
              st.head.span,
            ),
          );
        }
      }
      if (st.head.pred === 'terminal' || st.head.pred === 'goal') {
        for (const u of uses) {
          if (u.statement !== st || u.where !== 'body') continue;
          if ((u.atom.pred === 'goal' || u.atom.pred === 'legal') && constName(u.atom.args[0]) === 'random') {
            out.push(
              warning(
                'random',
                `${st.head.pred === 'terminal' ? 'the end of the game' : 'a goal'} depends on the chance player's ${u.atom.pred === 'goal' ? 'goals' : 'legal moves'}: random is no player, its ${u.atom.pred === 'goal' ? 'goals are' : 'moves are'} not meant to decide the game`,
                u.atom.span,
              ),
            );
          }
        }
      }
    }
  }
  // GDL-III.
  for (const u of uses) {
    if (u.atom.pred !== 'knows') continue;
    out.push(
      error(
        'knows',
        `(knows ...) is GDL-III's epistemic keyword: gramlog reads it but cannot play it (it would be an ordinary relation, false unless the rules derive it, which changes the game's meaning)`,
        u.atom.predSpan,
      ),
    );
  }
  return out;
}
