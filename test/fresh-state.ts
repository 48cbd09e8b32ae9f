/**
 * Installed before every test file (vitest.config.ts setupFiles). The test
 * files of a worker share one process and one set of loaded modules
 * (`isolate: false`, which saves a third of the suite's CPU time:
 * docs/design/testing.md), so the few settings the library keeps in module
 * state are put back here to what a fresh process has, before each file:
 * a file never sees what an earlier file left behind.
 *
 *   - the default memory budget of generation (an in-process CLI run installs one)
 *   - the engine's join tuning (tests that compare join strategies change it)
 */
import { joinTuning } from '../src/engine/join.js';
import { setDefaultMemoryBudget } from '../src/generate/memory.js';
import { JOIN_TUNING_AT_LOAD } from './fresh-state-defaults.js';

setDefaultMemoryBudget(undefined);
Object.assign(joinTuning, JOIN_TUNING_AT_LOAD);
