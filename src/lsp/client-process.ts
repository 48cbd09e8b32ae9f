/**
 * The session ends when the client's process does (the protocol's
 * `processId` of initialize). vscode-languageserver watches that process
 * itself, with an interval it never clears: a client that sent its pid and
 * then closed stdin without `exit` left the server running for good (an
 * orphan per editor session). The pid is taken out of initialize before the
 * library sees it and watched here, with a timer that holds nothing alive and
 * stops with the session.
 */
import type { Message } from 'vscode-languageserver/node';

/** How often the client's process is looked for, in ms. */
export const WATCH_INTERVAL_MS = 3000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, under another user
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function watchClient(gone: () => void): { inspect(m: Message): Message; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  return {
    inspect(m) {
      const msg = m as { method?: unknown; params?: unknown };
      if (msg.method !== 'initialize' || typeof msg.params !== 'object' || msg.params === null) return m;
      const pid = (msg.params as { processId?: unknown }).processId;
      if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0 || timer) return m;
      timer = setInterval(() => {
        if (!alive(pid)) gone();
      }, WATCH_INTERVAL_MS);
      timer.unref();
      return { ...m, params: { ...msg.params, processId: null } } as Message;
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
