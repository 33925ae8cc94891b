/**
 * The instance's lifecycle as the rest of the app sees it: serving, then draining once SIGTERM arrives
 * (health says "not ready", live streams are told to reconnect elsewhere, responses close their connection),
 * until the server stops accepting and finishes what is in flight.
 */
export class Lifecycle {
  private state: 'serving' | 'draining' = 'serving';
  private readonly listeners = new Set<() => void>();

  get draining(): boolean {
    return this.state === 'draining';
  }

  /** Calls `listener` once, when draining starts. */
  onDrain(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** Starts draining (once); the listeners run in the order they were added. */
  startDraining(): void {
    if (this.state === 'draining') return;
    this.state = 'draining';
    for (const listener of this.listeners) listener();
  }
}
