/**
 * The history of a generation as datascript transactions (src/store): one
 * transaction per node expansion, with transaction metadata
 * `{node: PATH, order: K, seed: SEED}` and these entities (attribute names
 * are strings; node paths link them):
 *
 *   node     "node/path" "node/order" "node/symbol" "node/depth" "node/parent"?
 *            "node/rule"? (absent for a terminal)
 *   argument "arg/node" "arg/key" "arg/value"        (canonical text)
 *   attribute"attr/node" "attr/key" "attr/value"
 *   choice   "choice/node" "choice/rule" "choice/probability" "choice/forced"
 *   weight   "weight/node" "weight/step" "weight/stepIndex" "weight/rule"
 *            "weight/ruleIndex" "weight/value"        (one per pipeline step and rule)
 *   fact     "fact/node" "fact/step" "fact/stepIndex" "fact/index" "fact/text"
 *            (the pre-selector facts each step applied)
 *
 * e.g. the weights of node n/0 after transfer:
 *   [:find ?r ?w :where [?e "weight/node" "n/0"] [?e "weight/step" "transfer"]
 *                       [?e "weight/rule" ?r] [?e "weight/value" ?w]]
 */
import { Store, type TxEntity } from '../../store/index.js';
import type { ExpansionRecord, ExpansionRecorder } from './expand.js';
import type { Grammar } from './grammar.js';
import { STEPS } from './pipeline.js';

export class GenerationHistory implements ExpansionRecorder {
  #store: Store = Store.empty();

  constructor(
    readonly grammar: Grammar,
    readonly seed: number | string,
  ) {}

  /** The store holding every expansion so far (an immutable snapshot). */
  get store(): Store {
    return this.#store;
  }

  expanded(r: ExpansionRecord): void {
    const terms = this.grammar.program.terms;
    const node = r.node;
    const path = node.path;
    const entities: TxEntity[] = [];
    const nodeEntity: Record<string, unknown> = {
      'node/path': path,
      'node/order': r.order,
      'node/symbol': terms.print(node.symbol),
      'node/depth': node.depth,
    };
    if (node.parent) nodeEntity['node/parent'] = node.parent.path;
    if (node.rule) nodeEntity['node/rule'] = node.rule.name;
    entities.push(nodeEntity);
    for (let i = 0; i < node.args.length; i += 2) {
      entities.push({ 'arg/node': path, 'arg/key': terms.print(node.args[i] as number), 'arg/value': terms.print(node.args[i + 1] as number) });
    }
    for (let i = 0; i < node.attrs.length; i += 2) {
      entities.push({ 'attr/node': path, 'attr/key': terms.print(node.attrs[i] as number), 'attr/value': terms.print(node.attrs[i + 1] as number) });
    }
    const nt = r.nonterminal;
    const result = r.result;
    if (nt && result && node.rule) {
      entities.push({
        'choice/node': path,
        'choice/rule': node.rule.name,
        'choice/probability': result.weights[node.rule.index] as number,
        'choice/forced': result.forced >= 0,
      });
      for (const step of result.steps ?? []) {
        const stepIndex = STEPS.indexOf(step.step);
        step.weights.forEach((w, ruleIndex) => {
          entities.push({
            'weight/node': path,
            'weight/step': step.step,
            'weight/stepIndex': stepIndex,
            'weight/rule': (nt.rules[ruleIndex] as { name: string }).name,
            'weight/ruleIndex': ruleIndex,
            'weight/value': w,
          });
        });
        step.facts.forEach((text, index) => {
          entities.push({ 'fact/node': path, 'fact/step': step.step, 'fact/stepIndex': stepIndex, 'fact/index': index, 'fact/text': text });
        });
      }
    }
    this.#store = this.#store.transact(entities, { node: path, order: r.order, seed: String(this.seed) }).store;
  }
}
