/**
 * `gramlog/blueprints`: blueprint libraries (.bp), one style's own functions:
 * parse and lint a library, master a blueprint (the root's `master` is this
 * one), the master's text and JSON forms, and print a file back.
 *
 * @module gramlog/blueprints
 */
export type { Library as BlueprintLibrary, Master, Value as MasterValue, MasterOptions } from '../generate/blueprints/index.js';
export { parseBlueprints, master, lintLibrary, formatMasterText, masterJson, printBlueprintFile } from './checked.js';
