/** `internal`: anything thrown that is not a GramlogError, printed by the CLI as error[internal] (exit code 3). */
import { declareCodes } from './registry.js';

export const CODES = declareCodes([
  {
    code: 'internal',
    severity: 'error',
    title: 'A bug in gramlog.',
    explanation: 'Something went wrong that gramlog does not expect: the command printed the message without a stack trace and exited with code 3. Input never should cause it.',
    reachableFrom: 'internal',
    fix: 'Please report it, with the command and the files that cause it.',
  },
]);
