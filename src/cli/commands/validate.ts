import type { Command } from '../command.js';
import { UsageError } from '../io.js';

export const validateCommand: Command = {
  name: 'validate',
  summary: 'check GDL game descriptions (issue 3)',
  options: {},
  help: 'usage: gramlog validate: not available yet\n',
  run() {
    throw new UsageError('gramlog validate is not available yet');
  },
};
