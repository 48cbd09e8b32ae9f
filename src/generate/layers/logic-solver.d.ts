/**
 * The package logic-solver as this build imports it at run time (./logic.ts),
 * untyped: its types are ./logic-types.ts, so that no declaration file
 * gramlog ships names this module.
 *
 * This file is an ambient module declaration (a script: no top-level import/export).
 */
declare module 'logic-solver' {
  const Logic: unknown;
  export default Logic;
}
