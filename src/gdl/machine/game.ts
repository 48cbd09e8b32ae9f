/**
 * What a state machine needs to know about a game before it can run it: the
 * relation ids of the GDL keywords and the roles in the order of the `role`
 * facts. Raises a GramlogError with a clear code for games that cannot be
 * played at all (errors in the program, no roles, no legal, terminal or goal
 * rules). A game without `init` is playable: its initial state is empty (as
 * GGP-Base's test_case_3c and test_case_5b expect).
 */
import { GramlogError, throwIfErrors, type Code, type Span } from '../../errors.js';
import type { Program } from '../../program/program.js';

export interface GameInfo {
  /** Relation ids; undefined when the game never mentions the relation. */
  role: number | undefined;
  init: number | undefined;
  true: number | undefined;
  does: number | undefined;
  legal: number | undefined;
  next: number | undefined;
  terminal: number | undefined;
  goal: number | undefined;
  /** GDL-II percepts `(sees ROLE PERCEPT)`. */
  sees: number | undefined;
  /** Role term ids in the order of the `role` facts, without duplicates. */
  roles: number[];
}

function fileSpan(program: Program): Span | undefined {
  const file = program.files[0];
  return file === undefined ? undefined : { file, line: 1, column: 1, offset: 0, endLine: 1, endColumn: 1, endOffset: 0 };
}

/** Whether some fact or rule has relation `rel` in its head. */
function defined(program: Program, rel: number | undefined): boolean {
  if (rel === undefined) return false;
  return program.facts.some((f) => f.rel === rel) || program.rules.some((r) => r.head.rel === rel);
}

/** The game's keyword relations and roles; throws a GramlogError when it cannot be played. */
export function gameInfo(program: Program): GameInfo {
  throwIfErrors(program.diagnostics);
  const id = (name: string, arity: number) => program.findRelation(name, arity)?.id;
  const info: GameInfo = {
    role: id('role', 1),
    init: id('init', 1),
    true: id('true', 1),
    does: id('does', 2),
    legal: id('legal', 2),
    next: id('next', 1),
    terminal: id('terminal', 0),
    goal: id('goal', 2),
    sees: id('sees', 2),
    roles: [],
  };
  const span = fileSpan(program);
  const fail = (code: Code, message: string): never => {
    throw new GramlogError(code, message, span);
  };
  const roleFacts = program.facts.filter((f) => f.rel === info.role).sort((a, b) => a.statement - b.statement);
  for (const f of roleFacts) {
    const r = f.tuple[0] as number;
    if (!info.roles.includes(r)) info.roles.push(r);
  }
  if (info.roles.length === 0) fail('gdl/no-roles', 'the game declares no roles: add facts such as (role white)');
  if (!defined(program, info.legal)) fail('gdl/no-legal', 'the game defines no legal moves: add (legal ROLE MOVE) rules');
  if (!defined(program, info.terminal)) fail('gdl/no-terminal', 'the game never ends: add a rule for terminal');
  if (!defined(program, info.goal)) fail('gdl/no-goal', 'the game defines no goals: add (goal ROLE VALUE) rules');
  return info;
}
