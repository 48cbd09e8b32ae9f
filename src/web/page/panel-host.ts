/** What the page gives a panel (views/*.ts): its element, the worker with the page's text, seed and params, the editor, downloads. */
import { SupersededError } from '../client.js';
import { h } from '../dom.js';
import type { PanelInput } from '../protocol.js';
import type { PanelHost } from '../../view/view.js';
import type { Page } from './page.js';

/** A promise that never settles: what a superseded request's caller gets (its page is gone). */
const never = new Promise<never>(() => {});
const dropSuperseded = (e: unknown): Promise<never> => (e instanceof SupersededError ? never : Promise.reject(e));

/** A panel request of the current text, file, kind, seed and params (only the params the file declares, once it is analysed). */
export function panelInput(page: Page, action: string, arg?: unknown): PanelInput {
  const { analysis, params, file, kind, seed, satisfy } = page.state;
  const known = new Set((analysis?.params ?? []).map(([k]) => k));
  const p = analysis ? Object.fromEntries(Object.entries(params).filter(([k]) => known.has(k))) : { ...params };
  return { text: page.editor.text(), file, kind, seed, params: p, action, ...(arg !== undefined ? { arg } : {}), ...(satisfy ? { satisfy } : {}) };
}

export function createHost(page: Page): PanelHost {
  const { state, el } = page;
  return {
    root: el.panelRoot,
    run: (action, arg, onProgress) => page.runner.call({ op: 'panel', input: panelInput(page, action, arg) }, page.budgets.panelMs, onProgress).catch(dropSuperseded),
    reveal: (line, column) => page.editor.reveal(line, column),
    setSeed(s, p) {
      state.seed = s;
      el.seedInput.value = String(s);
      if (p) {
        state.params = { ...state.params, ...p };
        el.paramsForm.dataset.key = '';
        if (state.analysis) page.params.render(state.analysis.params, true);
      }
      page.address.save('push');
      page.panel.schedule(0);
    },
    download(name, text, type) {
      const a = h('a', { href: URL.createObjectURL(new Blob([text], { type })), download: name.replace(/[/\\]/g, '_') });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    },
    get seed() {
      return state.seed;
    },
  };
}
