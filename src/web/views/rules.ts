/** The page half of the rules panel (its worker half: panels/rules.ts). */
import { h, plural } from '../dom.js';
import type { RulesData } from '../panels/rules.js';
import { longList } from './long-list.js';
import type { PanelView } from '../../view/view.js';

export const rulesView: PanelView<RulesData> = {
  kind: 'rules',
  label: 'rules',
  controls: { seed: false, params: false, gallery: false, check: false },
  render(data, host) {
    const count = h('div', { class: 'answer-count' });
    const answers = h('div', { class: 'answers' }, count);
    const goal = h('input', { type: 'text', class: 'goal', placeholder: '(reach ?room)', 'aria-label': 'query goal' });
    const ask = () => {
      count.textContent = 'asking…';
      answers.replaceChildren(count);
      return host
        .run('query', goal.value)
        .then((v) => {
          const list = v as string[];
          count.textContent = plural(list.length, 'answer');
          answers.replaceChildren(count, longList(list, list.length, 'answers'));
        })
        .catch((e: Error) => answers.replaceChildren(h('div', { class: 'msg error' }, e.message)));
    };
    goal.addEventListener('keydown', (ev) => {
      if ((ev as KeyboardEvent).key === 'Enter') void ask();
    });
    host.root.append(
      h('div', { class: 'summary' }, `${plural(data.total, 'fact')} in the model`),
      h('div', { class: 'query' }, goal, h('button', { type: 'button', onclick: () => void ask() }, 'query')),
      answers,
      ...data.relations.map((r) => {
        // A relation's facts are drawn when it is opened (a model may have many big relations).
        const d = h('details', { class: 'relation' }, h('summary', {}, `${r.name} (${r.count})`));
        d.addEventListener('toggle', () => {
          if (d.open && d.childElementCount === 1) d.append(longList(r.facts, r.count, `${r.name} facts`));
        });
        return d;
      }),
    );
  },
};
