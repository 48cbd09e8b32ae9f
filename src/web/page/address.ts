/**
 * The address: typing replaces the history entry; picking an example, a seed
 * or params pushes one (Back returns to it). A link pasted into the address
 * bar, or Back / Forward, shows what the address holds.
 */
import { h } from '../dom.js';
import { readSeed } from '../protocol.js';
import { readUrlState, writeUrlState } from '../url-state.js';
import { viewFor } from '../views/index.js';
import type { Page } from './page.js';

export interface Address {
  /** Write the page's state into the address: 'push' a history entry at once, or 'replace' the current one a little later. */
  save(mode?: 'push' | 'replace'): void;
  /** Show what the address holds. */
  apply(): void;
}

export const notFound = (file: string) => `; ${file}: not found among the examples\n`;

export function createAddress(page: Page): Address {
  const { state, el } = page;
  let urlTimer: ReturnType<typeof setTimeout> | undefined;
  const urlNow = () => {
    const text = page.editor.text();
    const { file, seed, params, chosenKind, satisfy } = state;
    return writeUrlState({ file, ...(text !== page.original() ? { text } : {}), seed: String(seed), params, ...(chosenKind !== '' ? { kind: chosenKind } : {}), ...(satisfy ? { satisfy } : {}) });
  };
  function save(mode: 'push' | 'replace' = 'replace'): void {
    clearTimeout(urlTimer);
    if (mode === 'push') {
      const hash = urlNow();
      if (hash !== location.hash) history.pushState(null, '', hash);
      return;
    }
    urlTimer = setTimeout(() => {
      const hash = urlNow();
      if (hash !== location.hash) history.replaceState(null, '', hash);
    }, 200);
  }
  function apply(): void {
    clearTimeout(urlTimer);
    if (location.hash === urlNow()) return;
    const u = readUrlState(location.hash);
    const newFile = u.file ?? state.file;
    const fileChanged = newFile !== state.file;
    state.file = newFile;
    if (![...el.picker.options].some((o) => o.value === state.file)) el.picker.prepend(h('option', { value: state.file }, state.file));
    el.picker.value = state.file;
    state.seed = readSeed(u.seed ?? '0');
    el.seedInput.value = String(state.seed);
    state.params = { ...u.params };
    state.satisfy = u.satisfy === true;
    el.satisfyBox.checked = state.satisfy;
    el.paramsForm.dataset['key'] = '';
    const text = u.text ?? page.original() ?? notFound(state.file);
    if (fileChanged) {
      state.kind = '';
      page.panel.leaveFile();
    }
    // the kind the link reads the file as (none: recognised)
    state.chosenKind = u.kind !== undefined && [...el.kindChoice.options].some((o) => o.value === u.kind) ? u.kind : '';
    el.kindChoice.value = state.chosenKind;
    if (fileChanged || text !== page.editor.text()) page.editor.setText(text, state.file);
    else {
      if (state.analysis) page.params.render(state.analysis.params, viewFor(state.kind)?.controls.params ?? false);
      page.panel.schedule(0);
    }
  }
  window.addEventListener('hashchange', apply);
  window.addEventListener('popstate', apply);
  return { save, apply };
}
