/**
 * `validateGame(text, {file, ...})`: every check of a GDL game description, as
 * findings (finding.ts). It never throws on a bad game: a syntax error is a
 * `syntax` finding, an evaluation failure an `evaluation` finding.
 *
 * Order of work:
 * 1. parse and load without builtins (GDL has no arithmetic);
 * 2. static checks (checks/static-checks.ts); with any static error the game is not played;
 * 3. the relaxed game, the state machine, a breadth-first search of the
 *    reachable states under a budget (search.ts) and, only when the search was
 *    not complete, seeded random playouts (playouts.ts);
 * 4. bases and inputs (bases-inputs.ts) and the simulation checks (sim-checks.ts).
 *
 * Playing uses the fast compiled state machine where it can; the witnesses of
 * the errors it finds are replayed on the reference engine, and if one does
 * not hold there the game is played again on the engine and the engine's
 * findings are reported (with an `executor` warning), so no error rests on the
 * compiled executor alone.
 *
 * Output is deterministic: the same text and options give the same findings
 * in the same order.
 */
import { evaluate, type Model } from '../../engine/index.js';
import { GramlogError, isGramlogError, type Span } from '../../errors.js';
import { loadGame } from '../checks/load-game.js';
import type { Program } from '../../program/program.js';
import { checkBasesInputs, declaredBasesInputs, type BasesInputsProof } from './bases-inputs.js';
import { explorePlayouts, type PlayoutsSeen } from './playouts.js';
import { emitBases, type EmittedBases } from './emit-bases.js';
import { error, findingToJson, hasErrors, noteToJson, sortFindings, warning, type Finding, type Note, type ValidationJson } from './finding.js';
import { RELAXED_FACTS, relaxedNotEvaluated, relaxedReachability, type RelaxedReachability } from '../machine/relaxed.js';
import { DEFAULT_MAX_STATES, searchStates } from './search.js';
import { SimulationCollector } from './sim-checks.js';
import { searchGoalConflict, type ConflictSearch } from './goal-conflict.js';
import type { StateMachine } from '../machine/types.js';
import { splitStrata } from '../machine/split-strata.js';
import { witnessHolds } from './witness.js';
import { checkEpistemic, type EpistemicRoleResult } from './epistemic.js';
import { relaxedProofs } from './proofs.js';
import { formatTag } from '../../json/formats.js';
import { staticChecks, type Dialect } from '../checks/static-checks.js';
import { AUTO_WORK_LIMIT, createStateMachine, staticModelLimit, staticModelOf, staticTooLarge, type Executor } from '../machine/statemachine.js';
import { coneProgram } from '../machine/engine.js';
import { message } from '../../wording.js';

export { DEFAULT_MAX_STATES } from './search.js';
/** Random playouts run when the search stops at its budget. */
export const DEFAULT_PLAYOUTS = 50;
/**
 * The random playouts start no new playout once they have passed through this
 * many states (a started playout is played to its end). Games whose playouts
 * are at most 50 joint moves long play all DEFAULT_PLAYOUTS; long ones fewer:
 * skirmish's playouts are 100 moves long, and each state costs the engine
 * about 1.8 ms of CPU (50 playouts were 9 of its 14 s).
 */
export const DEFAULT_PLAYOUT_STATES = 2_500;
/** A random playout that has not ended after this many joint moves is reported. */
export const DEFAULT_MAX_DEPTH = 1000;
export const DEFAULT_SEED = 1;
/**
 * Most ground literals for which validate's `auto` compiles the game. The
 * search and the playouts visit some tens of thousands of states, which the
 * engine plays in seconds; building and optimising a network costs about
 * 4 µs per ground literal, so past a few million literals the network costs
 * more than it saves: skirmish (6.4M literals) spent 25 s of its 42 s on it,
 * and validates in 10 s of CPU on the engine.
 */
export const VALIDATE_MAX_LITERALS = 4_000_000;

export interface ValidateOptions {
  /** The file name used in spans and in the result. */
  file: string;
  /** State budget of the breadth-first search (default DEFAULT_MAX_STATES = 10,000; transitions: 10 per state). */
  maxStates?: number;
  /** Random playouts when the search is not complete (default 50). */
  playouts?: number;
  /** No new random playout once the playouts have passed through this many states (default DEFAULT_PLAYOUT_STATES). */
  maxPlayoutStates?: number;
  /** Depth limit of a random playout (default 1000 joint moves). */
  maxDepth?: number;
  /** Seed of the random playouts (default 1). */
  seed?: string | number;
  /** Compute base/input facts that would cover the game (result.emitted). */
  emitBases?: boolean;
  /** Findings of one kind listed one by one before the rest are summed up (default 25). */
  maxListed?: number;
  /**
   * Stop the search and the random playouts this many milliseconds after
   * validation started (default: no time limit). Output then depends on the
   * machine's speed; the corpus runner uses it, `gramlog validate` only when asked.
   * Every engine evaluation (the relaxed game, the static model, compiling,
   * each state of the engine executor) stops at 1.5 times the budget plus a
   * second, so a game too large to evaluate still ends with a verdict.
   */
  timeBudgetMs?: number;
  /** The state machine's executor (default 'auto', with errors confirmed on the engine; a given executor is used alone). */
  executor?: Executor;
  /** Most ground literals for which `auto` compiles the game (default VALIDATE_MAX_LITERALS); past it the engine plays. */
  maxCompiledLiterals?: number;
  /** Most facts one evaluation may derive (default: the engine's 5,000,000). */
  maxFacts?: number;
  /** Most tuple visits one evaluation may make (default: the engine's; see ProgramOptions.maxWork). */
  maxWork?: number;
  /** Every evaluation stops with engine/budget past this time (ms since the epoch; default none). */
  deadline?: number;
}

export interface ValidationStats {
  /** Distinct states the search discovered. */
  states: number;
  transitions: number;
  /** The search discovered and expanded every reachable state. */
  complete: boolean;
  playouts: number;
  executor: 'engine' | 'compiled' | undefined;
  proof: BasesInputsProof | undefined;
  /**
   * Proofs over the relaxed game (proofs.ts): every role argument is a role,
   * every goal value lies in 0..100 (undefined: the relaxed game is incomplete).
   */
  roleArguments?: boolean | undefined;
  goalRange?: boolean | undefined;
  /** The search of each role's own moves for a terminal state with a wrong goal (goal-conflict.ts), when it ran. */
  goalSearch?: ConflictSearch;
  /** GDL-II: the epistemic search per role (epistemic.ts). */
  epistemic?: EpistemicRoleResult[];
}

export interface ValidationResult {
  file: string;
  /** False exactly when some finding is an error. */
  ok: boolean;
  findings: Finding[];
  dialect: Dialect | undefined;
  /** Role names in role order (the order of each joint move in a witness); empty when the game was not played. */
  roles: string[];
  stats: ValidationStats;
  /** With options.emitBases, when the game could be played. */
  emitted?: EmittedBases;
  /** Properties checked on the states seen but not proved (the search was not exhaustive): see Note. */
  notes?: Note[];
}

function result(file: string, findings: Finding[], dialect: Dialect | undefined, stats: Partial<ValidationStats> = {}): ValidationResult {
  const sorted = sortFindings(findings);
  return {
    file,
    ok: !hasErrors(sorted),
    findings: sorted,
    dialect,
    roles: [],
    stats: { states: 0, transitions: 0, complete: false, playouts: 0, executor: undefined, proof: undefined, ...stats },
  };
}

function evaluationFinding(e: GramlogError, what: string): Finding {
  // Running out of work or time (--max-work, --timeout) says nothing about the game: a warning, not an error;
  // the engine's message says which budget ran out.
  if (e.code === 'engine/budget') return warning('evaluation', `${what} within the evaluation budget: ${e.message}`, e.span);
  // no registered code is gdl/no-init at present (test/codes/registry.test.ts): kept for when one is
  const check = (e.code as string) === 'gdl/no-init' ? 'init' : 'evaluation';
  // the engine's message may name an option (maxFacts): kept as data, for the CLI to word
  return error(check, `${what}: ${e.message}`, e.span, e.parts ? { parts: message`${what}: ${e.parts}` } : {});
}

function firstSpan(program: Program, name: string, arity: number): Span | undefined {
  const rel = program.findRelation(name, arity);
  if (!rel) return undefined;
  const rule = program.rules.find((r) => r.head.rel === rel.id);
  if (rule) return rule.span;
  const fact = program.facts.find((f) => f.rel === rel.id);
  return fact ? program.statements[fact.statement]?.span : undefined;
}

/** The model of the rules `base` and `input` depend on (undefined when it is too large as well). */
function declarationModel(play: Program, budget: { deadline?: number }, maxFacts: number | undefined): Model | undefined {
  const roots = [play.findRelation('base', 1)?.id, play.findRelation('input', 2)?.id];
  try {
    return evaluate(coneProgram(play, roots), { ...budget, ...(maxFacts !== undefined ? { maxFacts } : {}) });
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    return undefined;
  }
}

export function validateGame(text: string, options: ValidateOptions): ValidationResult {
  const file = options.file;
  const deadline = options.timeBudgetMs === undefined ? undefined : performance.now() + options.timeBudgetMs;
  let program: Program;
  try {
    program = loadGame(text, file, {
      ...(options.maxFacts !== undefined ? { maxFacts: options.maxFacts } : {}),
      ...(options.maxWork !== undefined ? { maxWork: options.maxWork } : {}),
      ...(options.deadline !== undefined ? { deadline: options.deadline } : {}),
    });
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    return result(file, [error('syntax', e.message, e.span)], undefined);
  }
  const { dialect, findings } = staticChecks(program);
  if (hasErrors(findings)) return result(file, findings, dialect);

  // A game stratified only rule by rule is played through an equivalent split program.
  const play = findings.some((f) => f.code === 'stratification') ? splitStrata(program) : program;
  // The engine's clock (Date.now): its evaluations stop some time after the search (see timeBudgetMs).
  const engineDeadline = options.timeBudgetMs === undefined ? undefined : Date.now() + 1.5 * options.timeBudgetMs + 1000;
  const budget = engineDeadline === undefined ? {} : { deadline: engineDeadline };
  let staticModel: Model;
  let staticDemand = false;
  let relaxed: RelaxedReachability | undefined;
  const staticLimit = staticModelLimit(play, options.maxFacts);
  try {
    staticModel = staticModelOf(play, { ...budget, maxFacts: staticLimit });
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    // Too large to materialise: the state machine answers the static relations on demand (as createStateMachine
    // does), and the declarations are read from the rules of base and input alone.
    const declarations = staticTooLarge(e, engineDeadline) ? declarationModel(play, budget, options.maxFacts) : undefined;
    if (!declarations) return result(file, [...findings, evaluationFinding(e, 'the game cannot be played')], dialect);
    staticModel = declarations;
    staticDemand = true;
    // The relaxed game holds the static model's relations, negation dropped, so past the same fact limit it
    // stops as well: not evaluated (laikLee_hex's lists cost 2.5 s more there, past a 3-second --time-budget).
    if (e.code === 'engine/limit' && staticLimit >= RELAXED_FACTS) relaxed = relaxedNotEvaluated(play, e);
  }
  relaxed ??= relaxedReachability(play, { maxWork: AUTO_WORK_LIMIT, ...budget });
  const ctx: PlayContext = { file, program, play, relaxed, staticModel, staticDemand, dialect, options, deadline, engineDeadline };
  let played = playGame(ctx, options.executor ?? 'auto');
  // Errors found by playing are confirmed by the reference executor (the engine) before they are reported:
  // their witnesses are replayed there, and if one does not hold, the game is played again on the engine.
  if (played.executor === 'compiled' && options.executor === undefined && hasErrors(played.findings)) {
    let engine: ReturnType<typeof createStateMachine> | undefined;
    try {
      engine = createStateMachine(play, { relaxed, executor: 'engine', ...(options.maxFacts !== undefined ? { maxFacts: options.maxFacts } : {}) });
    } catch (e) {
      if (!isGramlogError(e)) throw e;
    }
    const confirmed = engine !== undefined && played.findings.every((f) => f.severity !== 'error' || witnessHolds(engine, f));
    if (!confirmed) {
      const reference = playGame(ctx, 'engine');
      reference.findings.push(
        warning(
          'executor',
          'the compiled state machine disagreed with the reference engine on this game (a witness did not replay); the findings reported are the engine\'s (please report this game)',
        ),
      );
      played = reference;
    }
  }
  const out = result(file, [...findings, ...played.findings], dialect, played.stats);
  out.roles = played.roles;
  if (played.emitted) out.emitted = played.emitted;
  if (played.notes && played.notes.length > 0) out.notes = played.notes;
  return out;
}

interface PlayContext {
  file: string;
  /** The game as loaded (spans, declarations). */
  program: Program;
  /** The program that is played (the game, or its split strata). */
  play: Program;
  relaxed: RelaxedReachability;
  /** The game's static model, or (staticDemand) the model of base and input only. */
  staticModel: Model;
  /** The static model was too large to materialise: the engine evaluates the static relations on demand. */
  staticDemand: boolean;
  dialect: Dialect;
  options: ValidateOptions;
  /** performance.now() time at which search and playouts stop (undefined: none). */
  deadline: number | undefined;
  /** The same moment on Date.now()'s clock (the engine's). */
  engineDeadline: number | undefined;
}

interface Played {
  executor: 'engine' | 'compiled' | undefined;
  findings: Finding[];
  stats: Partial<ValidationStats>;
  roles: string[];
  emitted?: EmittedBases;
  notes?: Note[];
}

/** Steps 3 and 4 of the module comment, with one executor. */
function playGame(ctx: PlayContext, executor: Executor): Played {
  const { file, program, play, relaxed, staticModel, staticDemand, dialect, options, deadline, engineDeadline } = ctx;
  const seed = options.seed ?? DEFAULT_SEED;
  let sm: ReturnType<typeof createStateMachine>;
  try {
    sm = createStateMachine(play, { relaxed, executor, ...(executor === 'auto' ? { limits: { maxLiterals: options.maxCompiledLiterals ?? VALIDATE_MAX_LITERALS } } : {}), ...(staticDemand ? { demand: 'static' as const } : {}), ...(options.maxFacts !== undefined ? { maxFacts: options.maxFacts } : {}), ...(engineDeadline !== undefined ? { deadline: engineDeadline } : {}) });
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    return { executor: undefined, findings: [evaluationFinding(e, 'the game cannot be played')], stats: {}, roles: [] };
  }
  const findings: Finding[] = [];
  const terminalSpan = firstSpan(program, 'terminal', 0);
  const collector = new SimulationCollector(sm, {
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    seed,
    gdl2: dialect === 'GDL-II',
    ...(terminalSpan ? { terminalSpan } : {}),
  });
  const search = searchStates(sm, {
    maxStates: options.maxStates ?? DEFAULT_MAX_STATES,
    visit: collector.visitSearch,
    keepEdges: true,
    ...(deadline !== undefined ? { deadline } : {}),
  });
  if (search.error) findings.push(evaluationFinding(search.error, 'evaluation failed during the search'));
  let playouts: PlayoutsSeen | undefined;
  if (!search.complete && !search.error) {
    playouts = explorePlayouts(sm, {
      playouts: options.playouts ?? DEFAULT_PLAYOUTS,
      maxStates: options.maxPlayoutStates ?? DEFAULT_PLAYOUT_STATES,
      maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
      seed,
      visit: collector.visitPlayout,
      ...(deadline !== undefined ? { deadline } : {}),
    });
    if (playouts.error) findings.push(evaluationFinding(playouts.error, 'evaluation failed during random play'));
  }
  const declared = declaredBasesInputs(program, staticModel, sm.roles);
  const bi = checkBasesInputs({
    program,
    sm,
    relaxed,
    search,
    playouts,
    declared,
    seed,
    emitting: options.emitBases === true,
    ...(options.maxListed !== undefined ? { maxListed: options.maxListed } : {}),
  });
  const goalSearch = !search.complete && !search.error && !playouts?.error && !collector.hasGoalProblem() ? conflictSearch(sm, collector, options.maxDepth ?? DEFAULT_MAX_DEPTH, deadline) : undefined;
  const simFindings = collector.findings(search, playouts);
  const legalNote = collector.legalNote(search, playouts);
  findings.push(...bi.findings, ...simFindings);
  const proofs = relaxedProofs(program, relaxed, staticModel, sm.roles, {
    searchComplete: search.complete,
    gdl2: dialect === 'GDL-II',
    goalErrors: simFindings.some((f) => f.code === 'goals' && f.severity === 'error'),
  });
  findings.push(...proofs.findings);
  let epistemic: EpistemicRoleResult[] | undefined;
  if (dialect === 'GDL-II' && !search.error) {
    const checked = checkEpistemic(sm, program, {
      maxStates: options.maxStates ?? DEFAULT_MAX_STATES,
      ...(deadline !== undefined ? { deadline } : {}),
    });
    findings.push(...checked.findings);
    epistemic = checked.roles;
  }
  return {
    executor: sm.executor,
    findings,
    stats: {
      states: search.states.length,
      transitions: search.transitions,
      complete: search.complete,
      playouts: playouts?.played ?? 0,
      executor: sm.executor,
      proof: bi.proof,
      roleArguments: proofs.roleArguments,
      goalRange: proofs.goalRange,
      ...(goalSearch ? { goalSearch } : {}),
      ...(epistemic ? { epistemic } : {}),
    },
    roles: sm.roles.map((r) => sm.print(r)),
    ...(legalNote ? { notes: [legalNote] } : {}),
    ...(options.emitBases ? { emitted: emitBases(file, sm, search, relaxed, playouts) } : {}),
  };
}

/**
 * The search aimed at goal conflicts (goal-conflict.ts), run when the search
 * was not exhaustive and nothing found a wrong goal; its replayed line, if
 * any, becomes the `goals` finding.
 */
function conflictSearch(sm: StateMachine, collector: SimulationCollector, maxDepth: number, deadline: number | undefined): ConflictSearch | undefined {
  let found: ConflictSearch;
  try {
    found = searchGoalConflict(sm, { maxDepth, ignoreRole: collector.goalless, ...(deadline !== undefined ? { deadline } : {}) });
  } catch (e) {
    // An evaluation failing here was met (and reported) by the search or the playouts, or is a budget: no finding.
    if (!isGramlogError(e)) throw e;
    return undefined;
  }
  if (found.found) collector.addGoalProblem(found.found.role, found.found.values, found.found.path, 'along a line of play found by searching each role\'s own moves and combining them, replayed on the state machine');
  return found;
}

/** The `validate --json` object of a result (the output contract). */
export function validationToJson(r: ValidationResult): ValidationJson {
  return { format: formatTag('validate'), file: r.file, ok: r.ok, findings: r.findings.map(findingToJson), ...(r.notes && r.notes.length > 0 ? { notes: r.notes.map(noteToJson) } : {}) };
}
