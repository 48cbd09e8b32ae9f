/**
 * Plain rule files (`gramlog query`): the derived facts, relation by
 * relation, and a query box.
 */
import { evaluate } from '../../engine/index.js';
import { loadChecked } from '../../generate/playground/common.js';
import type { Panel } from './panel.js';

export interface RulesData {
  /** Relation name/arity → its facts (canonical, sorted), at most LIMIT each. */
  relations: Array<{ name: string; count: number; facts: string[] }>;
  total: number;
}

const LIMIT = 2000;

export const rulesPanel: Panel<RulesData> = {
  kind: 'rules',
  compute(input) {
    const model = evaluate(loadChecked(input.text, input.file));
    if (input.action === 'query') return model.query(String(input.arg)) as never;
    const groups = new Map<string, string[]>();
    const facts = model.facts();
    for (const f of facts) {
      const name = /^\(?([^\s()]+)/.exec(f)?.[1] ?? f;
      const list = groups.get(name) ?? [];
      list.push(f);
      groups.set(name, list);
    }
    const relations = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, list]) => ({ name, count: list.length, facts: list.sort().slice(0, LIMIT) }));
    return { relations, total: facts.length };
  },
};
