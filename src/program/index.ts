export { Program, buildProgram, buildProgramFromText, type ProgramOptions, type GroundFact } from './program.js';
export { FactStore } from './fact-store.js';
export { TermTable, formatNumber, quoteString, KIND_CONST, KIND_STR, KIND_COMPOUND } from './terms.js';
export { compareTerms, compareTuples, printAtom } from './order.js';
export type { CompiledRule, BodyLit, Pattern, RelationInfo, AtomPattern } from './rules.js';
export { isBuiltinName, BUILTIN_ARITY, type BuiltinName } from './builtins.js';
export { stratify, type Stratification } from './stratify.js';
export { loadProgram, parseProgram, type Source, type LoadOptions } from './load.js';
