/**
 * The Web Worker that runs the library: live diagnostics and every panel's
 * computation happen here, so typing never waits for them. The page stops
 * and replaces this worker when a request runs over its budget (counted from
 * the `started` message this worker sends) or a newer request supersedes it.
 */
import { isGramlogError } from '../errors.js';
import { analyze, textKind } from './analyze.js';
import { panelFor } from './panels/index.js';
import { STYLES } from '../generate/styles.js';
import type { Request, Response, WebDiagnostic } from './protocol.js';

const scope = self as unknown as { postMessage(m: Response): void; onmessage: ((ev: MessageEvent<Request>) => void) | null };
let lastKind = 'rules';

function errorOf(e: unknown): Extract<Response, { ok: false }>['error'] {
  if (isGramlogError(e)) {
    const located: WebDiagnostic[] = e.diagnostics.flatMap((d) =>
      d.span ? [{ code: d.code, severity: d.severity, message: d.message, from: d.span.offset, to: d.span.endOffset, line: d.span.line, column: d.span.column }] : [],
    );
    return { code: e.code, message: e.message, ...(e.span ? { line: e.span.line, column: e.span.column } : {}), ...(located.length > 0 ? { diagnostics: located } : {}) };
  }
  return { code: 'internal', message: e instanceof Error ? e.message : String(e) };
}

scope.onmessage = async (ev) => {
  const req = ev.data;
  const start = performance.now();
  scope.postMessage({ id: req.id, started: true });
  try {
    // --satisfy may steer with a solver a browser loads only when awaited (a layer file's SAT solver): every style's part prepares it
    if (req.op === 'panel' && req.input.satisfy) await Promise.all(STYLES.map((s) => s.satisfy?.prepare?.()));
    let value: unknown;
    if (req.op === 'analyze') {
      const a = analyze(req.text, req.file, lastKind, req.kind);
      lastKind = a.kind;
      value = a;
    } else if (req.input.kind === '') {
      // The kind is not known yet (the page's first request): find it, and say which it was.
      const kind = textKind(req.input.text, req.input.file) ?? lastKind;
      value = { kind, data: panelFor(kind)!.compute({ ...req.input, kind }, (progress) => scope.postMessage({ id: req.id, progress })) };
    } else {
      const panel = panelFor(req.input.kind);
      if (!panel) throw new Error(`no panel for files of kind ${req.input.kind}`);
      value = panel.compute(req.input, (progress) => scope.postMessage({ id: req.id, progress }));
    }
    scope.postMessage({ id: req.id, ok: true, value, ms: performance.now() - start });
  } catch (e) {
    scope.postMessage({ id: req.id, ok: false, error: errorOf(e) });
  }
};
