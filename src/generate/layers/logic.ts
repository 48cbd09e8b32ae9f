/**
 * logic-solver (MiniSat compiled to asm.js), loaded on first use. Evaluating
 * its MiniSat takes 0.6-0.9 s (V8 compiles the asm.js module eagerly), and only
 * `analyze` and `--satisfy` on a layer file need it: no command pays for it
 * at start-up, and generating a layer file without --satisfy never loads it.
 *
 * `Logic` is a live binding, set by `loadLogic()` (async, on any platform: the
 * playground and `analyze` await it) or by `requireLogic()` (synchronous, in
 * Node, through process.getBuiltinModule, so that the browser bundle imports
 * no `node:` module).
 */
import type { LogicApi } from './logic-types.js';

export type { LogicApi };

export let Logic: LogicApi = undefined as unknown as LogicApi;

/** Load logic-solver (once). */
export async function loadLogic(): Promise<LogicApi> {
  if (!Logic) Logic = (await import('logic-solver')).default as LogicApi;
  return Logic;
}

type NodeModule = { createRequire(url: string): (id: string) => unknown };

/** Whether `Logic` is loaded, loading it synchronously where it can (Node); false in a browser that did not await loadLogic(). */
export function requireLogic(): boolean {
  if (Logic) return true;
  const node = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process?.getBuiltinModule?.('node:module') as NodeModule | undefined;
  if (!node) return false;
  Logic = node.createRequire(import.meta.url)('logic-solver') as LogicApi;
  return true;
}

/** Why a solver answers nothing where `requireLogic()` is false. */
export const LOGIC_NOT_LOADED = 'the SAT solver is not loaded here (await loadLogic() from src/generate/layers/logic.ts first)';
