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
 *           "step/rules" (JSON list, one per fact: FILE:LINE of the rule that derived it, "" for a written fact)
 *
 * e.g. the weights of node n/0 after transfer:
 *   [:find ?w . :where [?s "step/node" "n/0"] [?s "step/name" "transfer"] [?s "step/weights" ?w]]
 */
import type { Span } from '../../errors.js';
import type { TxEntity } from '../../store/index.js';
import { History } from '../history.js';
import { pairsToRecord } from './artifact.js';
import type { ExpansionRecord, ExpansionRecorder } from './expand.js';
import type { Grammar } from './types.js';
import { STEPS } from './pipeline.js';

/** FILE:LINE of a rule's span, "" for none. */
function ruleAtText(span: Span | undefined): string {
  return span ? `${span.file}:${span.line}` : '';
}

export class GenerationHistory extends History implements ExpansionRecorder {
  constructor(
    readonly grammar: Grammar,
    seed: number | string,
  ) {
    super(seed);
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
      'node/args': JSON.stringify(pairsToRecord(terms, node.args)),
      'node/attrs': JSON.stringify(pairsToRecord(terms, node.attrs)),
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
          'step/rules': JSON.stringify(step.facts.map((f) => ruleAtText(r.blame?.get(f)))),
        });
      }
    }
    this.record(entities, { node: path, order: r.order });
  }
}
