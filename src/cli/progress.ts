/**
 * A one-line progress display on stderr, rewritten in place, only when stderr
 * is a terminal (`statusLine` gives undefined otherwise): progress never
 * reaches stdout or a log file.
 */
import type { Io } from './io.js';

export interface StatusLine {
  /** Show `text` (at most once per `everyMs`, unless `force`). */
  show(text: string, force?: boolean): void;
  /** Erase the line, if anything was shown. */
  clear(): void;
}

export function statusLine(io: Io, everyMs = 0): StatusLine | undefined {
  if (!io.errIsTTY) return undefined;
  let shown = false;
  let last = -Infinity;
  return {
    show(text, force = false) {
      const now = Date.now();
      if (!force && now - last < everyMs) return;
      last = now;
      shown = true;
      io.err(`\r\x1b[K${text}`);
    },
    clear() {
      if (shown) io.err('\r\x1b[K');
      shown = false;
    },
  };
}
