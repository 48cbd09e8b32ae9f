/**
 * The playground's worker (src/web/worker.ts) in Node, without a browser:
 * its message handler, loaded with a stand-in `self`, as a function from a
 * request to the value of its reply (an error reply is thrown). `close`
 * takes the stand-in away.
 */
import type { Request, Response } from '../../../src/web/protocol.js';

export async function playgroundWorker(): Promise<{ value(req: Request): Promise<Record<string, unknown>>; close(): void }> {
  const replies: Response[] = [];
  const scope = globalThis as unknown as { self: unknown };
  scope.self = { postMessage: (m: Response) => replies.push(m), onmessage: null };
  // by a name tsc does not follow: the worker is typed for a browser (src/web/tsconfig.json), not for Node
  const worker = '../../../src/web/worker.js';
  await import(/* @vite-ignore */ worker);
  const handler = (scope.self as { onmessage: (ev: { data: Request }) => Promise<void> }).onmessage;
  return {
    async value(req) {
      await handler({ data: req });
      const last = replies.filter((m) => m.id === req.id).pop()!;
      if (!('ok' in last) || !last.ok) throw new Error(JSON.stringify(last));
      return last.value as Record<string, unknown>;
    },
    close: () => delete scope.self,
  };
}
