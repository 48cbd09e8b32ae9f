/**
 * Highlighting for the rule language (KIF s-expressions: GDL and generator
 * files) and for blueprint files, as CodeMirror stream languages. Bracket
 * matching works on the text, so it needs nothing from these.
 */
import { StreamLanguage, type StringStream } from '@codemirror/language';

/** Reserved words of GDL and of the generation styles, highlighted at the head of a list. */
export const KEYWORDS = new Set([
  '<=', 'not', 'or', 'distinct',
  'role', 'init', 'true', 'next', 'legal', 'does', 'goal', 'terminal', 'base', 'input', 'sees', 'random',
  'start', 'rule', 'child', 'param', 'paramrange', 'maxdepth', 'maxnodes', 'attr', 'arg', 'violation',
  'setprob', 'addprob', 'scaleprob', 'transfer', 'forbid', 'forbidexcept', 'force', 'nonegative', 'normalizeto',
  'layer', 'site', 'mask', 'placed', 'chance', 'group',
  'graphstart', 'graphrule', 'graphlimit', 'rewrite',
]);
const BUILTINS = new Set(['+', '-', '*', '/', '<', '<=', '>', '>=', '=']);

interface KifState {
  /** The previous token was '(' (so this one is a relation or keyword). */
  head: boolean;
}

const ATOM = /^[^\s()";]+/;

export const kif = StreamLanguage.define<KifState>({
  name: 'kif',
  startState: () => ({ head: false }),
  token(stream: StringStream, state: KifState): string | null {
    if (stream.eatSpace()) return null;
    const ch = stream.peek();
    if (ch === ';') {
      stream.skipToEnd();
      return 'comment';
    }
    if (ch === '(' || ch === ')') {
      stream.next();
      state.head = ch === '(';
      return 'paren';
    }
    const head = state.head;
    state.head = false;
    if (ch === '"') {
      stream.next();
      let escaped = false;
      for (let c = stream.next(); c !== undefined && c !== null; c = stream.next()) {
        if (c === '"' && !escaped) break;
        escaped = c === '\\' && !escaped;
      }
      return 'string';
    }
    if (ch === '?') {
      stream.match(ATOM);
      return 'variableName';
    }
    if (stream.match(/^-?\d+(\.\d+)?(?=[\s()";]|$)/)) return 'number';
    stream.match(ATOM) || stream.next();
    const word = stream.current();
    if (head && KEYWORDS.has(word)) return word === '<=' ? 'operatorKeyword' : 'keyword';
    if (head && BUILTINS.has(word)) return 'operator';
    if (head) return 'typeName';
    return 'atom';
  },
  languageData: { commentTokens: { line: ';' }, closeBrackets: { brackets: ['(', '"'] } },
});

/** Blueprint files: @directives, names, strings, numbers, &source references, [domain sets], s-expressions. */
export const blueprint = StreamLanguage.define<{ afterDirective: boolean }>({
  name: 'blueprint',
  startState: () => ({ afterDirective: false }),
  token(stream, state) {
    if (stream.eatSpace()) return null;
    if (stream.match(/^(;|#|\/\/).*/)) return 'comment';
    if (stream.match(/^@[A-Za-z]+/)) {
      state.afterDirective = stream.current() !== '@end';
      return 'keyword';
    }
    const after = state.afterDirective;
    state.afterDirective = false;
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return 'string';
    if (stream.match(/^&[\w.]+/)) return 'variableName';
    if (stream.match(/^-?\d+(\.\d+)?/)) return 'number';
    if (stream.match(/^[()[\]{}]/)) return 'paren';
    if (stream.match(/^(\+=|=|:|!)/)) return 'operator';
    if (stream.match(/^[^\s()[\]{}"=:!]+/)) return after ? 'typeName' : 'atom';
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: ';' } },
});

/** The language of a file name: blueprints for .bp, none for JSON, the rule language otherwise. */
export function languageFor(file: string): StreamLanguage<unknown> | [] {
  if (/\.json$/i.test(file)) return [];
  return (/\.bp$/.test(file) ? blueprint : kif) as StreamLanguage<unknown>;
}
