// `npm run docs:cli`: write docs/reference/cli.md from each command's --help.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../cli/fake-io.js';
import { repoRoot } from '../../helpers.js';
import { CLI_REFERENCE, cliReference } from './cli-reference.js';

writeFileSync(join(repoRoot, CLI_REFERENCE), await cliReference(async (argv) => (await runCli(argv)).stdout));
process.stdout.write(`${CLI_REFERENCE}\n`);
