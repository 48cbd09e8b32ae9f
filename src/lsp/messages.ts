/**
 * The shape of every message the language server acts on, checked before
 * vscode-languageserver sees it (issue 35: one `"text": 123` killed the
 * server). A request whose params are not what its method takes is answered
 * with the protocol's InvalidParams (-32602); a notification is logged and
 * dropped; a message that is no JSON-RPC request, notification or response
 * is answered with InvalidRequest (-32600) when it has an id.
 */

/** Why a message cannot be used (its error code and text), or undefined when it can. */
export interface Refusal {
  code: number;
  message: string;
}

export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

type Check = (params: Record<string, unknown>) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function position(v: unknown, where: string): string | undefined {
  if (!isObject(v) || !isCount(v['line']) || !isCount(v['character'])) return `${where} must be {line, character}, whole numbers from 0`;
  return undefined;
}

function range(v: unknown, where: string): string | undefined {
  if (!isObject(v)) return `${where} must be {start, end}`;
  return position(v['start'], `${where}.start`) ?? position(v['end'], `${where}.end`);
}

function document(p: Record<string, unknown>, more: (d: Record<string, unknown>) => string | undefined = () => undefined): string | undefined {
  const d = p['textDocument'];
  if (!isObject(d) || typeof d['uri'] !== 'string') return 'textDocument.uri must be a string';
  return more(d);
}

const atPosition: Check = (p) => document(p) ?? position(p['position'], 'position');

/** A code action's context: the diagnostics it is asked about, each with a range and a message. */
function diagnosticsOf(c: unknown): string | undefined {
  if (!isObject(c) || !Array.isArray(c['diagnostics'])) return 'context.diagnostics must be an array';
  for (const [i, d] of c['diagnostics'].entries()) {
    if (!isObject(d) || typeof d['message'] !== 'string') return `context.diagnostics[${i}].message must be a string`;
    const why = range(d['range'], `context.diagnostics[${i}].range`);
    if (why) return why;
  }
  return undefined;
}

/** The methods whose params the server reads, and what they must hold. */
const CHECKS: Record<string, Check> = {
  initialize: () => undefined,
  'textDocument/didOpen': (p) =>
    document(p, (d) =>
      typeof d['text'] !== 'string' ? 'textDocument.text must be a string' : !Number.isSafeInteger(d['version']) ? 'textDocument.version must be a whole number' : typeof d['languageId'] !== 'string' ? 'textDocument.languageId must be a string' : undefined,
    ),
  'textDocument/didChange': (p) => {
    const bad = document(p, (d) => (!Number.isSafeInteger(d['version']) ? 'textDocument.version must be a whole number' : undefined));
    if (bad) return bad;
    const changes = p['contentChanges'];
    if (!Array.isArray(changes)) return 'contentChanges must be an array';
    for (let i = 0; i < changes.length; i++) {
      const c: unknown = changes[i];
      if (!isObject(c) || typeof c['text'] !== 'string') return `contentChanges[${i}].text must be a string`;
      if (c['range'] !== undefined) {
        const r = range(c['range'], `contentChanges[${i}].range`);
        if (r) return r;
      }
    }
    return undefined;
  },
  'textDocument/didClose': (p) => document(p),
  'textDocument/didSave': (p) => document(p),
  'textDocument/hover': atPosition,
  'textDocument/definition': atPosition,
  'textDocument/completion': atPosition,
  'textDocument/references': (p) => atPosition(p) ?? (isObject(p['context']) && typeof p['context']['includeDeclaration'] === 'boolean' ? undefined : 'context.includeDeclaration must be true or false'),
  'textDocument/documentSymbol': (p) => document(p),
  'textDocument/formatting': (p) => document(p),
  'textDocument/foldingRange': (p) => document(p),
  'textDocument/semanticTokens/full': (p) => document(p),
  'textDocument/prepareRename': atPosition,
  'textDocument/rename': (p) => atPosition(p) ?? (typeof p['newName'] === 'string' ? undefined : 'newName must be a string'),
  'textDocument/signatureHelp': atPosition,
  'textDocument/documentHighlight': atPosition,
  'textDocument/codeAction': (p) => document(p) ?? range(p['range'], 'range') ?? diagnosticsOf(p['context']),
  'workspace/symbol': (p) => (typeof p['query'] === 'string' ? undefined : 'query must be a string'),
};

/**
 * Why `m` (a parsed JSON value) cannot be handed on, or undefined. Responses
 * (an id and a result or error, no method) and methods the server does not
 * read pass.
 */
export function refusal(m: unknown): Refusal | undefined {
  if (!isObject(m)) return { code: INVALID_REQUEST, message: 'a message is a JSON object' };
  const hasId = 'id' in m;
  if (hasId && !(typeof m['id'] === 'number' || typeof m['id'] === 'string' || m['id'] === null)) return { code: INVALID_REQUEST, message: 'id must be a number or a string' };
  if (!('method' in m)) {
    return hasId && ('result' in m || 'error' in m) ? undefined : { code: INVALID_REQUEST, message: 'a message has a method (a request or notification) or a result (a response)' };
  }
  if (typeof m['method'] !== 'string') return { code: INVALID_REQUEST, message: 'method must be a string' };
  const check = CHECKS[m['method']];
  if (!check) return undefined;
  const params = m['params'];
  if (!isObject(params)) return m['method'] === 'initialize' && params === undefined ? undefined : { code: INVALID_PARAMS, message: `${m['method']}: params must be an object` };
  const why = check(params);
  return why === undefined ? undefined : { code: INVALID_PARAMS, message: `${m['method']}: ${why}` };
}
