/**
 * API calls as data, so that a fuzz case of the library API can be saved as
 * JSON and replayed: each names a public function (src/api/checked.ts: those
 * of the root and the subpath exports) or a short pipeline of them, and gives
 * its arguments.
 */
import * as api from '../../src/api/checked.js';
import { throwIfErrors } from '../../src/errors.js';

export type ApiCall =
  | { fn: 'parse'; text: string }
  | { fn: 'query'; text: string; goal: string }
  | { fn: 'generate'; text: string; seed: number | string }
  | { fn: 'generateGraph'; text: string; seed: number | string; params?: Record<string, string> }
  | { fn: 'master'; text: string; name: string; seed: number }
  | { fn: 'generateLayers'; text: string; seed: number }
  | { fn: 'validateGame'; text: string };

/** Run the call; whatever it throws propagates. */
export async function callApi(call: ApiCall): Promise<unknown> {
  const file = 'api-input';
  switch (call.fn) {
    case 'parse':
      return api.parse(call.text, { file });
    case 'query':
      return api.query(call.text, call.goal, { file });
    case 'generate': {
      const grammar = api.compileGrammar(call.text, { file });
      const a = api.generateFrom(grammar, call.seed);
      return api.formatJson(a);
    }
    case 'generateGraph': {
      const grammar = api.compileGraphGrammar(call.text, { file, ...(call.params ? { params: call.params } : {}) });
      return api.formatGraphJson(api.generateGraph(grammar, call.seed, {}));
    }
    case 'master': {
      const lib = api.parseBlueprints(call.text, { file });
      return api.masterJson(api.master(lib, call.name, { seed: call.seed }));
    }
    case 'generateLayers': {
      const program = api.loadProgram([{ text: call.text, file }]);
      throwIfErrors(program.diagnostics);
      return api.generateLayers(program, { seed: call.seed });
    }
    case 'validateGame':
      return api.validateGame(call.text, { file, maxStates: 50, playouts: 2, maxDepth: 50 });
  }
}
