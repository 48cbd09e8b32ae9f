import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';
import { setCodeCheck } from '../../src/codes/hook.js';
const out = process.env.GRAMLOG_RECORD_CODES;
if (out) setCodeCheck((code, severity) => {
  const stack = (new Error().stack ?? '').split('\n').slice(2).find((l) => /\/src\//.test(l) && !/codes\/hook|errors\.ts|cli\/diagnostics\.ts/.test(l)) ?? '';
  const m = /\/src\/([^):]+):(\d+)/.exec(stack);
  appendFileSync(out, `${code}\t${severity}\t${m ? m[1] + ':' + m[2] : '?'}\t${expect.getState().testPath?.replace(/.*\/test\//, 'test/')}\t${expect.getState().currentTestName}\n`);
});
