/**
 * The page's side of the layout worker (src/generate/graph/view-layout-worker.ts): DOT in, SVG text
 * (or Graphviz's JSON, for the drawing worker: canvas.ts) out, one layout at
 * a time, in order. `latest` drops every layout still
 * waiting and stops one that has run a while (the worker is replaced): when
 * the slider moves on, the graph it left is not laid out any more.
 */
import { SupersededError } from '../superseded.js';

/** What a layout gives: an SVG file, or Graphviz's JSON (`-Tjson`, with its drawing operations). */
export type LayoutFormat = 'svg' | 'json';

export interface LayoutRequest {
  id: number;
  dot: string;
  format: LayoutFormat;
}
export type LayoutResponse = { id: number; text: string; ms: number } | { id: number; error: string };

interface Job {
  id: number;
  dot: string;
  format: LayoutFormat;
  resolve(svg: string): void;
  reject(e: Error): void;
}

/** A layout running longer than this is stopped when a newer one supersedes it (a shorter one is left to finish: a new worker costs more). */
const STOP_AFTER_MS = 150;

export class LayoutClient {
  private worker: Worker | undefined;
  private running: (Job & { since: number }) | undefined;
  private waiting: Job[] = [];
  private next = 0;
  /** How long the last layout took in the worker (the e2e tests read it). */
  lastMs = 0;

  constructor(private readonly url: URL) {}

  /** The SVG text (or JSON) of a DOT graph, after the layouts asked for before it. */
  layout(dot: string, format: LayoutFormat = 'svg'): Promise<string> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: ++this.next, dot, format, resolve, reject });
      this.pump();
    });
  }

  /** Like `layout`, but every layout asked for before it is dropped (they fail with a SupersededError). */
  latest(dot: string, format: LayoutFormat = 'svg'): Promise<string> {
    for (const j of this.waiting.splice(0)) j.reject(new SupersededError());
    if (this.running && performance.now() - this.running.since > STOP_AFTER_MS) {
      this.running.reject(new SupersededError());
      this.running = undefined;
      this.worker?.terminate();
      this.worker = undefined;
    }
    return this.layout(dot, format);
  }

  private start(): Worker {
    const w = new Worker(this.url, { type: 'module', name: 'layout' });
    w.onmessage = (ev: MessageEvent<LayoutResponse>) => {
      const job = this.running;
      if (w !== this.worker || !job || job.id !== ev.data.id) return;
      this.running = undefined;
      if ('text' in ev.data) {
        this.lastMs = ev.data.ms;
        job.resolve(ev.data.text);
      } else job.reject(new Error(ev.data.error));
      this.pump();
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      if (w !== this.worker) return;
      this.running?.reject(new Error(`the layout worker failed: ${ev.message}`));
      this.running = undefined;
      this.worker = undefined;
      this.pump();
    };
    return w;
  }

  private pump(): void {
    if (this.running) return;
    const job = this.waiting.shift();
    if (!job) return;
    this.worker ??= this.start();
    this.running = { ...job, since: performance.now() };
    this.worker.postMessage({ id: job.id, dot: job.dot, format: job.format } satisfies LayoutRequest);
  }
}

/** The playground's layout worker (dist/web/layout.js, beside the page). */
export const layoutWorkerUrl = (): URL => new URL('layout.js', document.baseURI);
