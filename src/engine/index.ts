export { evaluate, DEFAULT_MAX_FACTS, DEFAULT_MAX_WORK, type EvaluateOptions, type InjectedFact } from './evaluate.js';
export { Model, type FactRow } from './model.js';
export { Relation, ColumnIndex } from './relation.js';
export { derivationOf, ruleDeriving, type Derivation, type BodyFact } from './provenance.js';
