/**
 * The engine's join tuning as the module set it when it loaded: this module is
 * evaluated once per worker process (test/fresh-state.ts, which runs before
 * every file, restores it from here).
 */
import { joinTuning } from '../src/engine/join.js';

export const JOIN_TUNING_AT_LOAD: Readonly<typeof joinTuning> = Object.freeze({ ...joinTuning });
