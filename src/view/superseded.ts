/** A request cancelled because a newer one replaced it (the page ignores these): the playground worker's client and the layout client (layout/client.ts) fail with it. */
export class SupersededError extends Error {
  constructor() {
    super('superseded by a newer request');
    this.name = 'SupersededError';
  }
}
