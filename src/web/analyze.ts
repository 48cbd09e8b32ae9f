/**
 * The live diagnostics of a text, as the CLI's command for its kind reports
 * them: the file kind decides the checks (a game gets `validate`'s static
 * checks, a grammar `generate`'s compile errors, a layer file its order
 * checks, plain rules the program's own). Runs in the worker; DOM-free.
 */
import { isGramlogError, type Diagnostic } from '../errors.js';
import { paramFacts } from '../generate/params.js';
import { loadProgram } from '../program/load.js';
import type { Program } from '../program/program.js';
import { PANELS } from './panels/index.js';
import type { AnyPanel } from './panels/panel.js';
import type { Analysis, WebDiagnostic } from './protocol.js';

/** The panel of a text in another language than the rules (see Panel.detectText), if any. */
export function textKind(text: string, file: string): AnyPanel | undefined {
  return PANELS.find((p) => p.detectText?.(text, file) ?? false);
}

/** The kind of a loaded program: the first panel that recognises it. */
export function kindOf(program: Program): string {
  return (PANELS.find((p) => p.detect(program)) ?? PANELS[PANELS.length - 1]!).kind;
}

export function toWeb(d: Diagnostic, file: string, length: number): WebDiagnostic {
  const out: WebDiagnostic = { code: d.code, severity: d.severity, message: d.message, from: 0, to: 0 };
  const span = d.span;
  if (span && span.file === file) {
    out.from = Math.min(span.offset, length);
    out.to = Math.min(Math.max(span.endOffset, span.offset + 1), length);
    out.line = span.line;
    out.column = span.column;
  }
  return out;
}

/** Errors first, then by place. */
function order(a: WebDiagnostic, b: WebDiagnostic): number {
  return (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) || a.from - b.from || a.code.localeCompare(b.code);
}

/** Kind, diagnostics and params of a text. `previousKind` is kept when the text does not load (a syntax error). */
export function analyze(text: string, file: string, previousKind = 'rules'): Analysis {
  const start = performance.now();
  const other = textKind(text, file);
  if (other) {
    const diagnostics = other.diagnose(text, file).map((d) => toWeb(d, file, text.length)).sort(order);
    return { kind: other.kind, diagnostics, params: [], ms: performance.now() - start };
  }
  let program: Program;
  try {
    program = loadProgram([{ text, file }]);
  } catch (e) {
    if (!isGramlogError(e)) throw e;
    // `gramlog validate` reports a game's syntax errors as error[syntax]; the other commands with the parser's code.
    const game = previousKind === 'game' || /\(\s*role\s/.test(text);
    const diagnostics = (e.diagnostics.length > 0 ? e.diagnostics : [{ code: e.code, severity: 'error' as const, message: e.message, ...(e.span ? { span: e.span } : {}) }]).map((d) =>
      toWeb(game ? { ...d, code: 'syntax' } : d, file, text.length),
    );
    return { kind: game ? 'game' : previousKind, diagnostics, params: [], ms: performance.now() - start };
  }
  const kind = kindOf(program);
  const panel = PANELS.find((p) => p.kind === kind)!;
  const diagnostics = panel.diagnose(text, file).map((d) => toWeb(d, file, text.length)).sort(order);
  return { kind, diagnostics, params: paramFacts(program), ms: performance.now() - start };
}
