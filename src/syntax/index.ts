/** The syntax layer: text ⇄ syntax tree. */
export { parse, parseTerm, parseLiteral, MAX_NESTING, type ParseOptions } from './parser.js';
export { printTerm, printLiteral, printStatement, printTree } from './printer.js';
export type {
  Atom,
  CompoundTerm,
  ConstTerm,
  Distinct,
  Literal,
  Not,
  Or,
  Statement,
  StringTerm,
  SyntaxTree,
  Term,
  VarTerm,
} from './ast.js';
