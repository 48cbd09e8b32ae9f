import type { Command } from '../command.js';
import { UsageError } from '../io.js';

export const simulateCommand: Command = {
  name: 'simulate',
  summary: 'random playouts of a GDL game (issue 3)',
  options: {},
  help: 'usage: gramlog simulate: not available yet\n',
  run() {
    throw new UsageError('gramlog simulate is not available yet');
  },
};
