import type { Command } from '../command.js';
import { analyzeCommand } from './analyze.js';
import { checkCommand } from './check.js';
import { generateCommand } from './generate.js';
import { masterCommand } from './master.js';
import { queryCommand } from './query.js';
import { serveCommand } from './serve.js';
import { simulateCommand } from './simulate.js';
import { validateCommand } from './validate.js';

export const COMMANDS: readonly Command[] = [
  queryCommand,
  validateCommand,
  simulateCommand,
  generateCommand,
  analyzeCommand,
  checkCommand,
  masterCommand,
  serveCommand,
];
