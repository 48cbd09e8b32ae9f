import { validateGame, validationToJson, DEFAULT_MAX_DEPTH, DEFAULT_MAX_STATES, DEFAULT_PLAYOUTS, DEFAULT_PLAYOUT_STATES, DEFAULT_SEED, type ValidationResult } from '../../gdl/validate/validate.js';
import type { Finding, History } from '../../gdl/validate/finding.js';
import { boolOpt, intOpt, stringOpt } from '../args.js';
import { readSource, type Command } from '../command.js';
import { formatDiagnostic } from '../diagnostics.js';
import { EXIT, sourceName, UsageError } from '../io.js';
import { JOBS_HELP, JOBS_OPTION, MAX_FACTS_HELP, MAX_FACTS_OPTION, readEngineOptions, readMass, readSeed, SEED_OPTION, seedHelp } from '../options.js';
import { runSeeds } from '../parallel/run-seeds.js';
import type { SeedOutcome, Tally } from '../parallel/types.js';
import { FORMAT_INFO } from '../../generate/formats.js';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'check GDL game descriptions: static checks, bases/inputs with proofs and witnesses, simulation',
  options: {
    json: { type: 'boolean' },
    'max-states': { type: 'string' },
    'emit-bases': { type: 'boolean' },
    strict: { type: 'boolean' },
    ...SEED_OPTION,
    playouts: { type: 'string' },
    'max-depth': { type: 'string' },
    'time-budget': { type: 'string' },
    ...MAX_FACTS_OPTION,
    ...JOBS_OPTION,
  },
  help: `usage: gramlog validate FILE... [--json] [--strict] [--max-states N] [--emit-bases] [--seed S]

Checks each GDL game description (GDL, or GDL-II when it uses sees/random):
  static      syntax, keyword arities and placement, dependency restrictions,
              safety, stratification, the recursion restriction, names
  bases       every reachable true sentence has a (base ...), every legal move
  /inputs     an (input ...): first by a sound over-approximation (the game
              with negation dropped), then by a breadth-first search of the
              reachable states that confirms each suspect with a shortest
              witness or proves it unreachable; beyond the state budget,
              seeded random play, and unconfirmed suspects are warnings
  simulation  every role has a legal move in every non-terminal state, exactly
              one goal in 0..100 in every terminal state, the game ends

Report: per file, 'file:line:col: error[check]: message' with the source line
and a caret; a witness is printed as the joint moves from the initial state.

options:
      --json            one JSON object per file (JSON Lines):
                        {"format", "file", "ok", "findings": [{"check", "severity", "message",
                         "line"?, "column"?, "sentence"?, "witness"?,
                         "role"?, "histories"?: [{"moves", "percepts", "legal"}]}]}
      --strict          also fail (exit 1) on warnings that prove a fluent or move
                        the game reads or declares can never be true or legal
                        (for CI)
      --max-states N    state budget of the search (default ${DEFAULT_MAX_STATES}; at most
                        10 next-state computations per state of the budget)
      --emit-bases      print base/input facts that would cover the game instead of
                        the report (which goes to stderr): the exact reachable set
                        when the search was complete, else the over-approximation;
                        a comment line says which. Not with --json.
  ${seedHelp(DEFAULT_SEED)}
                        (of the random playouts)
      --playouts N      random playouts when the search is not complete (default ${DEFAULT_PLAYOUTS};
                        none is started once they have passed ${DEFAULT_PLAYOUT_STATES.toLocaleString('en-US')} states)
      --max-depth N     joint moves after which a random playout counts as endless
                        (default ${DEFAULT_MAX_DEPTH})
      --time-budget S   also stop the search and random play after S seconds (the
                        output then depends on the machine's speed; default: none)
  ${MAX_FACTS_HELP}
  ${JOBS_HELP}
  -h, --help            this text

exit codes: 0 every game valid (warnings allowed), 1 findings (an error in
            some game; with --strict also a warning proving something
            unreachable), 2 usage error or unreadable file

examples:
  gramlog validate games/tictactoe.kif
  gramlog validate games/*.kif --json
  gramlog validate game.kif --emit-bases >> game.kif
`,
  run(args, io, sources) {
    if (args.positionals.length === 0) throw new UsageError('gramlog validate: give at least one game FILE');
    const json = boolOpt(args, 'json');
    const emit = boolOpt(args, 'emit-bases');
    const strict = boolOpt(args, 'strict');
    if (json && emit) throw new UsageError('gramlog validate: --emit-bases prints facts, not JSON: use it without --json');
    const maxStates = intOpt(args, 'validate', 'max-states', DEFAULT_MAX_STATES, 1);
    const playouts = intOpt(args, 'validate', 'playouts', DEFAULT_PLAYOUTS, 0);
    const maxDepth = intOpt(args, 'validate', 'max-depth', DEFAULT_MAX_DEPTH, 1);
    const seed = readSeed(args, 'validate', DEFAULT_SEED);
    const timeBudget = intOpt(args, 'validate', 'time-budget', 0, 1);
    const engine = readEngineOptions(args, 'validate');
    // Read every file first: an unreadable one is a usage error before any output.
    const mass = readMass(args, 'validate');
    // --shard splits the files in sorted order (a shell's glob order), so every shard sees the same list
    const paths = mass.shard ? [...args.positionals].sort() : args.positionals;
    const inputs = paths.map((path) => ({ file: sourceName(path), text: readSource(io, sources, path) }));
    // each file's report in file order, on --jobs worker threads (src/cli/parallel/run-seeds.ts: file I is "seed" I)
    const tally = runSeeds({
      command: 'validate',
      io,
      sources,
      args,
      mass,
      first: 0,
      count: inputs.length,
      separator: '',
      format: FORMAT_INFO[json ? 'json' : 'text'],
      verb: 'validated',
      compute: (i): SeedOutcome => {
        const { file, text } = inputs[i] as (typeof inputs)[number];
        const r = validateGame(text, { file, maxStates, playouts, maxDepth, seed, emitBases: emit, ...engine, ...(timeBudget > 0 ? { timeBudgetMs: timeBudget * 1000 } : {}) });
        const o: SeedOutcome = { violating: !r.ok || (strict && strictFailures(r) > 0) };
        if (json) o.doc = JSON.stringify(validationToJson(r)) + '\n';
        else if (emit) {
          o.err = formatReport(r, text, strict);
          o.errFirst = true;
          o.doc = r.emitted ? r.emitted.text : `; bases and inputs of ${file}: none, the game could not be played (see the report)\n`;
        } else o.doc = formatReport(r, text, strict);
        return o;
      },
    });
    const exit = (t: Tally) => (t.violating > 0 ? EXIT.findings : EXIT.ok);
    return tally instanceof Promise ? tally.then(exit) : exit(tally);
  },
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Warnings that `--strict` fails on: each proves a fluent or move can never be true or legal. */
function strictFailures(r: ValidationResult): number {
  return r.findings.filter((f) => f.severity === 'warning' && f.unreachable === true).length;
}

/** The human report of one file: a summary line, then each finding. */
export function formatReport(r: ValidationResult, text: string, strict = false): string {
  const errors = r.findings.filter((f) => f.severity === 'error').length;
  const warnings = r.findings.length - errors;
  const s = r.stats;
  const epistemic = s.epistemic && s.epistemic.length > 0 && s.epistemic.every((e) => e.complete) ? 'epistemic check exhaustive' : '';
  const what = [r.dialect ?? '', s.states > 0 ? `${s.states} states searched${s.complete ? ', every reachable state' : ''}` : '', epistemic]
    .filter((x) => x)
    .join('; ');
  const failing = strict ? strictFailures(r) : 0;
  const verdict =
    r.ok && failing > 0
      ? `invalid with --strict: ${plural(warnings, 'warning')}, ${failing} proving something unreachable`
      : r.ok
        ? warnings > 0
          ? `valid, ${plural(warnings, 'warning')}`
          : 'valid'
        : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  const lines = [`${r.file}: ${verdict}${what ? ` (${what})` : ''}`];
  for (const f of r.findings) lines.push(formatFinding(r, f, text));
  for (const n of r.notes ?? []) lines.push(`${r.file}: note[${n.check}]: ${n.message}`);
  return lines.join('\n') + '\n';
}

export function formatFinding(r: ValidationResult, f: Finding, text: string): string {
  let out = f.span ? formatDiagnostic(f, f.span.file === r.file ? text : undefined) : `${r.file}: ${formatDiagnostic(f)}`;
  if (f.histories) out += '\n' + formatHistories(f.histories, r.roles, f.role);
  else if (f.witness) out += '\n' + formatWitness(f.witness, r.roles);
  return out;
}

/** GDL-II epistemic findings: each history's joint moves, the role's percepts after each, its legal moves at the end. */
export function formatHistories(histories: readonly History[], roles: readonly string[], role: string | undefined): string {
  const lines: string[] = [];
  histories.forEach((h, k) => {
    lines.push(`  history ${k + 1}: ${plural(h.moves.length, 'joint move')} from the initial state`);
    h.moves.forEach((joint, i) => {
      const moves = joint.map((m, r) => (roles[r] !== undefined ? `${roles[r]} ${m}` : m)).join(', ');
      const seen = h.percepts[i] ?? [];
      lines.push(`    ${i + 1}. ${moves}; ${role ?? 'the role'} sees ${seen.length > 0 ? seen.join(' ') : 'nothing'}`);
    });
    lines.push(`    then ${role ?? 'the role'} may play: ${h.legal.length > 0 ? h.legal.join(' ') : 'nothing'}`);
  });
  return lines.join('\n');
}

export function formatWitness(witness: readonly (readonly string[])[], roles: readonly string[]): string {
  if (witness.length === 0) return '  witness: the initial state (no moves)';
  const lines = [`  witness: ${plural(witness.length, 'joint move')} from the initial state`];
  witness.forEach((joint, i) => {
    lines.push(`    ${i + 1}. ${joint.map((m, r) => (roles[r] !== undefined ? `${roles[r]} ${m}` : m)).join(', ')}`);
  });
  return lines.join('\n');
}
