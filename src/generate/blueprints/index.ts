/**
 * Blueprints (issue 10): named objects whose properties are expressions,
 * mastered with a seed into fixed objects; inheritance, domain sets (queries
 * over the library held as facts), mods and factories.
 *
 *   const lib = parseBlueprints(text, { file: 'items.bp' });
 *   master(lib, 'Spear', { seed: 4 })      // {seed, blueprint, properties}
 *   master(lib, '{MagicalWeapon}', { seed: 4 })
 *   lintLibrary(lib)                        // located findings
 */
export type { Expr, Block, BlueprintFile, PropertyDecl, DomainDecl, Operator } from './ast.js';
export { parseBlueprintFile } from './parse.js';
export { parseBlueprints, compileLibrary, type Library, type Definition, type BlueprintSource } from './library.js';
export { master, isMaster, type Master, type Value, type MasterOptions } from './master.js';
export { printBlueprintFile, printBlock, printExpr } from './printer.js';
export { formatMasterText, masterJson } from './format.js';
export { lintLibrary } from './lint.js';
export { masterFactsText, masterRuleWarnings, masterRules, masterViolations, masterProgram, scalarParams, type MasterRules } from './master-facts.js';
export { blueprintParamFindings, withMasterParams } from './params.js';
