/**
 * The diagnostics of one file, as the CLI reports them for its kind, from the
 * same code: the playground's live diagnostics (src/web/analyze.ts) and the
 * CLI's loading (generate, check and analyze compile through the same
 * `Style.compile`; validate through the same static checks) cannot disagree.
 *
 *   diagnose('quest.gdl', text)            // { kind: a style's name, diagnostics, params }
 *   diagnose('x.kif', text, 'game')        // the kind chosen, when the text does not say
 *
 * Kinds: a generation style of the registry (src/generate/styles.ts), a GDL
 * game (the static checks of `gramlog validate`), or plain rules (`gramlog
 * query`: the program's own findings).
 */
import { isGramlogError, type Diagnostic } from './errors.js';
import { loadGame } from './gdl/checks/load-game.js';
import { staticChecks } from './gdl/checks/static-checks.js';
import { paramFacts } from './generate/params.js';
import { engineOptions, type CompileOptions, type StyleName } from './generate/style.js';
import { STYLES, styleNamed, styleOfProgram, styleOfText } from './generate/styles.js';
import { loadProgram } from './program/load.js';
import type { Program } from './program/program.js';

export type FileKind = StyleName | 'game' | 'rules';

/** Every kind, in the order a page lists them: the styles of the registry from the default back, then games and plain rules. */
export const FILE_KINDS: readonly FileKind[] = [...[...STYLES].reverse().map((s) => s.name), 'game', 'rules'];

export interface Diagnosis {
  kind: FileKind;
  /** Errors and warnings, in the order the CLI prints them. */
  diagnostics: Diagnostic[];
  /** The file's `(param KEY VALUE)` facts (rule files that load), sorted by key. */
  params: Array<[string, string]>;
  /** Whether the kind was recognised from the text (false: chosen, or the fallback of a text that does not load). */
  recognised: boolean;
}

/**
 * GDL's reserved relations with their arities: a file that defines one with
 * GDL's number of arguments (in any case: capitals are a finding of the game)
 * is a game. A relation of the same name with other arguments is a file's
 * own (`(next 1 2)` of a layer file, `(goal ?g)` of a rule file), not GDL's.
 */
const GAME_RELATIONS = new Map([
  ['role', 1],
  ['legal', 2],
  ['terminal', 0],
  ['goal', 2],
  ['next', 1],
  ['does', 2],
  ['init', 1],
]);

function isGame(program: Program): boolean {
  for (const st of program.statements) {
    if (GAME_RELATIONS.get(st.head.pred.toLowerCase()) === st.head.args.length) return true;
  }
  return false;
}

function sortedParams(program: Program): Array<[string, string]> {
  return paramFacts(program).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The kind of a text, if it can be told (undefined: it does not load, and no style knows it by its text). */
export function kindOf(file: string, text: string): FileKind | undefined {
  return recognise(file, text, {}).kind;
}

/** The kind of a text, and the program it loaded to tell (kept for plain rules, so they are not loaded twice). */
function recognise(file: string, text: string, budget: DiagnoseBudget): { kind: FileKind | undefined; program?: Program } {
  const byText = styleOfText({ file, text });
  if (byText) return { kind: byText.name };
  let program: Program;
  try {
    program = loadProgram([{ file, text }], engineOptions(budget));
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    return { kind: /\(\s*role\s/i.test(text) ? 'game' : undefined };
  }
  // a game declares its roles (the generators tell a game by its roles too: grammar/style.ts); otherwise, as generate
  // and analyze read it, a file a generation style recognises is of that style, whatever other relations it names
  if (program.findRelation('role', 1) !== undefined) return { kind: 'game' };
  const style = styleOfProgram(program);
  if (style.recogniseProgram?.(program)) return { kind: style.name };
  return isGame(program) ? { kind: 'game' } : { kind: 'rules', program };
}

/** A game's findings as `gramlog validate` reports its static checks: its loader (keywords in any case), a syntax error as `syntax`. */
function gameDiagnostics(file: string, text: string): Diagnostic[] {
  let program: Program;
  try {
    program = loadGame(text, file);
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    return [{ code: 'syntax', severity: 'error', message: e.message, ...(e.span ? { span: e.span } : {}) }];
  }
  return staticChecks(program).findings.map((f) => ({ code: f.code, severity: f.severity, message: f.message, ...(f.span ? { span: f.span } : {}) }));
}

/** Plain rules: what `gramlog query` reports when it loads the file. */
function rulesDiagnostics(file: string, text: string, budget: DiagnoseBudget): { diagnostics: Diagnostic[]; program?: Program } {
  try {
    const program = loadProgram([{ text, file }], engineOptions(budget));
    return { diagnostics: [...program.diagnostics], program };
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    return { diagnostics: e.diagnostics };
  }
}

/** A bound on the evaluation a diagnosis may do (the language server's, so a large file never keeps it busy): CompileOptions' budget. */
export type DiagnoseBudget = Pick<CompileOptions, 'maxFacts' | 'maxWork' | 'deadline'>;

/**
 * The diagnostics of `text` read as `kind` (recognised when not given; a
 * text that does not load and names no kind keeps `fallback`, e.g. the kind
 * it had before the edit that broke it). `budget` bounds the evaluation
 * (none: the CLI's defaults); past it, the budget's located error is a
 * diagnostic.
 */
export function diagnose(file: string, text: string, kind?: FileKind, fallback: FileKind = 'rules', budget: DiagnoseBudget = {}): Diagnosis {
  const r0 = kind === undefined ? recognise(file, text, budget) : undefined;
  const found = kind ?? r0?.kind;
  const k = found ?? fallback;
  const recognised = kind === undefined && found !== undefined;
  if (k === 'game') return { kind: k, diagnostics: gameDiagnostics(file, text), params: [], recognised };
  if (k === 'rules') {
    // the program recognise loaded (the same text and options): what rulesDiagnostics would load again
    const r = r0?.program ? { diagnostics: [...r0.program.diagnostics], program: r0.program } : rulesDiagnostics(file, text, budget);
    return { kind: k, diagnostics: r.diagnostics, params: r.program ? sortedParams(r.program) : [], recognised };
  }
  const style = styleNamed(k);
  if (!style) throw new RangeError(`diagnose: no file kind ${k}`);
  const compiled = style.compile([{ file, text }], engineOptions(budget));
  const params = compiled.program ? sortedParams(compiled.program) : [];
  return { kind: k, diagnostics: [...compiled.diagnostics], params, recognised };
}
