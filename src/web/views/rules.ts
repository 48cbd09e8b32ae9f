/** The page half of the rules panel (its worker half: panels/rules.ts). */
import { h } from '../dom.js';
import type { RulesData } from '../panels/rules.js';
import type { PanelView, PanelHost } from './view.js';


export const rulesView: PanelView<RulesData> = {
  kind: 'rules',
  label: 'rules',
  controls: { seed: false, params: false, gallery: false, check: false },
  render(data, host) {
    const answers = h('div', { class: 'answers', 'aria-live': 'polite' });
    const goal = h('input', { type: 'text', class: 'goal', placeholder: '(reach ?room)', 'aria-label': 'query goal' });
    const ask = () =>
      host
        .run('query', goal.value)
        .then((v) => {
          const list = v as string[];
          answers.replaceChildren(h('div', {}, `${list.length} answer(s)`), h('ul', { class: 'facts' }, ...list.map((a) => h('li', {}, a))));
        })
        .catch((e: Error) => answers.replaceChildren(h('div', { class: 'msg error' }, e.message)));
    goal.addEventListener('keydown', (ev) => {
      if ((ev as KeyboardEvent).key === 'Enter') void ask();
    });
    host.root.append(
      h('div', { class: 'summary' }, `${data.total} facts in the model`),
      h('div', { class: 'query' }, goal, h('button', { type: 'button', onclick: () => void ask() }, 'query')),
      answers,
      ...data.relations.map((r) =>
        h('details', { class: 'relation' }, h('summary', {}, `${r.name} (${r.count})`), h('ul', { class: 'facts' }, ...r.facts.map((f) => h('li', {}, f)))),
      ),
    );
  },
};
