/**
 * The CodeMirror 6 editor: line numbers, history, bracket matching,
 * highlighting by file kind, and a lint gutter whose diagnostics (with hover
 * text) the page sets from the worker.
 */
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { tags as t } from '@lezer/highlight';
import { languageFor } from './languages.js';
import type { WebDiagnostic } from './protocol.js';

// Every colour has a contrast of at least 4.5:1 on white and on the active line's tint (the e2e tests compute it).
const style = HighlightStyle.define([
  { tag: t.comment, color: '#5c6570', fontStyle: 'italic' },
  { tag: t.keyword, color: '#a626a4', fontWeight: '600' },
  { tag: t.operatorKeyword, color: '#a626a4', fontWeight: '700' },
  { tag: t.operator, color: '#0070a0' },
  { tag: t.variableName, color: '#8a5d00' },
  { tag: t.typeName, color: '#2f62d0' },
  { tag: t.number, color: '#7a5300' },
  { tag: t.string, color: '#2f7a2e' },
  { tag: t.atom, color: '#383a42' },
  { tag: t.paren, color: '#5f6670' },
]);

export interface Editor {
  view: EditorView;
  text(): string;
  setText(text: string, file: string): void;
  showDiagnostics(diagnostics: readonly WebDiagnostic[]): void;
  reveal(line: number, column?: number): void;
}

export function createEditor(parent: HTMLElement, text: string, file: string, onChange: (text: string) => void): Editor {
  const language = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        language.of(languageFor(file)),
        syntaxHighlighting(style),
        lintGutter(),
        EditorView.lineWrapping,
        keymap.of([...defaultKeymap, ...historyKeymap, ...lintKeymap, indentWithTab]),
        // tabindex: the scroller around the text is focusable content for the keyboard (axe's scrollable-region-focusable)
        EditorView.contentAttributes.of({ 'aria-label': 'rule text', tabindex: '0' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange(u.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(newText, newFile) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: newText },
        effects: language.reconfigure(languageFor(newFile)),
      });
    },
    showDiagnostics(diagnostics) {
      const length = view.state.doc.length;
      const list: Diagnostic[] = diagnostics.map((d) => {
        const placed = d.line !== undefined;
        const from = placed ? Math.min(d.from, length) : 0;
        const to = placed ? Math.min(Math.max(d.to, from), length) : Math.min(length, view.state.doc.line(1).to);
        return { from, to, severity: d.severity, source: d.code, message: `${d.severity}[${d.code}]: ${d.message}` };
      });
      view.dispatch(setDiagnostics(view.state, list));
    },
    reveal(line, column = 1) {
      const l = view.state.doc.line(Math.max(1, Math.min(line, view.state.doc.lines)));
      const pos = Math.min(l.from + column - 1, l.to);
      view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
      view.focus();
    },
  };
}
