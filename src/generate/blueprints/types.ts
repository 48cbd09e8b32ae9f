/**
 * The compiled blueprint library's types (what compileLibrary in ./library.ts
 * returns), apart from the compiler, so that the library's facts (./facts.ts)
 * need not import the compiler that reads them.
 */
import type { Span } from '../../errors.js';
import type { Block, BlueprintFile, FunctionDecl, PropertyDecl } from './ast.js';

export interface Definition {
  readonly kind: Block['kind'];
  /** The name as written (without braces for a factory). */
  readonly name: string;
  /** Unique key: the name, or `{NAME}` for a factory. */
  readonly key: string;
  readonly block: Block;
  readonly parent: Definition | undefined;
  /** Own and inherited properties, ancestors' first, a child's override in place. */
  readonly properties: readonly PropertyDecl[];
  /** Own and inherited functions by name (a child's override wins). */
  readonly functions: ReadonlyMap<string, FunctionDecl>;
  /** Position in the library (files in order, blocks in order). */
  readonly index: number;
}

export interface Library {
  readonly files: readonly BlueprintFile[];
  /** By key (`Frost`, `{RandomSpell}`), in library order. */
  readonly definitions: ReadonlyMap<string, Definition>;
  /** The name of every @function of the library: a list `(NAME ARG...)` with one of them at its head is a call. */
  readonly functionNames: ReadonlySet<string>;
  /** Members (definition keys, library order) of every domain set the library uses, by setKey. */
  readonly sets: ReadonlyMap<string, readonly string[]>;
  /** The library as Datalog facts and rules (KIF text), as `gramlog query FILE.bp` sees it. */
  readonly factsText: string;
  /** For each line of factsText, the place in the .bp files it comes from (undefined for the fixed rules). */
  readonly factsSpans: ReadonlyArray<Span | undefined>;
  /** Where an error in the fixed rules of factsText points: the blueprint with the longest chain of parents. */
  readonly factsFallback: Span | undefined;
  /** Members of any domain set, computed on first use (and kept). */
  members(domain: string, include: readonly string[], exclude: readonly string[]): readonly string[];
}

export interface BlueprintSource {
  text: string;
  file: string;
}
