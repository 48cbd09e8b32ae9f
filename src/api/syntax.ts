/**
 * `gramlog/syntax`: the GDL/KIF and Datalog reader and printer. Parse text to
 * a syntax tree (the root's `parse` is this one), terms and literals, read a
 * large file statement by statement, and print trees back as canonical text.
 *
 * @module gramlog/syntax
 */
export type { ParseOptions } from '../syntax/parser.js';
export type * from '../syntax/ast.js';
export { parse, parseTerm, parseLiteral, forEachStatement, printTerm, printLiteral, printStatement, printTree } from './checked.js';
