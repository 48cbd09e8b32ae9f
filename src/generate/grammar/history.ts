/**
 * The history of a generation as datascript transactions (src/store): one
 * transaction per node expansion, with transaction metadata
 * `{node: PATH, order: K, seed: SEED}` and these entities (attribute names are
 * strings; node paths link them; lists and maps are stored as JSON text,
 * which keeps each transaction small, as datascript is slow per datom):
 *
 *   node    "node/path" "node/order" "node/symbol" "node/depth" "node/parent"?
 *           "node/rule"? "node/args" "node/attrs" (JSON objects of canonical text)
 *           "node/rules"? (JSON list: the nonterminal's rules, the order of every weight list)
 *   choice  "choice/node" "choice/rule" "choice/probability" "choice/forced"
 *   step    "step/node" "step/name" "step/index" (0 = base ... 8 = force)
 *           "step/weights" (JSON list: the weights after this step, one per rule)
 *           "step/facts" (JSON list: the pre-selector facts this step applied)
 *
 * e.g. the weights of node n/0 after transfer:
 *   [:find ?w . :where [?s "step/node" "n/0"] [?s "step/name" "transfer"] [?s "step/weights" ?w]]
 */
import { Store, type TxEntity } from '../../store/index.js';
import type { TermTable } from '../../program/terms.js';
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
      'node/args': pairsJson(terms, node.args),
      'node/attrs': pairsJson(terms, node.attrs),
    };
    if (node.parent) nodeEntity['node/parent'] = node.parent.path;
    if (node.rule) nodeEntity['node/rule'] = node.rule.name;
    const nt = r.nonterminal;
    if (nt) nodeEntity['node/rules'] = JSON.stringify(nt.rules.map((x) => x.name));
    entities.push(nodeEntity);
    const result = r.result;
    if (nt && result && node.rule) {
      entities.push({
        'choice/node': path,
        'choice/rule': node.rule.name,
        'choice/probability': result.weights[node.rule.index] as number,
        'choice/forced': result.forced >= 0,
      });
      for (const step of result.steps ?? []) {
        entities.push({
          'step/node': path,
          'step/name': step.step,
          'step/index': STEPS.indexOf(step.step),
          'step/weights': JSON.stringify(step.weights),
          'step/facts': JSON.stringify(step.facts),
        });
      }
    }
    this.#store = this.#store.transact(entities, { node: path, order: r.order, seed: String(this.seed) }).store;
  }
}

/** Flat key/value term pairs as a JSON object of canonical text (keys in the pairs' order). */
function pairsJson(terms: TermTable, pairs: readonly number[]): string {
  const o: Record<string, string> = {};
  for (let i = 0; i < pairs.length; i += 2) o[terms.print(pairs[i] as number)] = terms.print(pairs[i + 1] as number);
  return JSON.stringify(o);
}
