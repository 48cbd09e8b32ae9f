/**
 * `gramlog/gdl`: GDL games (General Game Playing): load a game, validate it
 * (the root's `validate` is `validateGame`), its JSON report, a state machine
 * (the root's `createStateMachine`), random playouts and simulation.
 *
 * @module gramlog/gdl
 */
export type { CreatedStateMachine, StateMachineOptions, Executor } from '../gdl/machine/statemachine.js';
export type { StateMachine, GameState, PlayoutResult } from '../gdl/machine/types.js';
export type { ValidateOptions, ValidationResult, ValidationStats } from '../gdl/validate/validate.js';
export type { Finding, FindingJson, ValidationJson } from '../gdl/validate/finding.js';
export type { SimulateOptions, SimulationResult, GoalProblem } from '../gdl/play/simulate.js';
export { createStateMachine, validateGame, validationToJson, randomPlayout, loadGameProgram as loadGame, simulate } from './checked.js';
