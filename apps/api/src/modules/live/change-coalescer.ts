/**
 * At most one live message per event per window (1 s by default): the first change of an event goes out at once,
 * later ones within the window wait and go out as one message (the latest) when it ends, which opens a new window.
 * Every instance receives every change (LISTEN/NOTIFY) and coalesces the same way, so no map hears of one event
 * more often than that, whichever instance serves it, and thirty writes in two seconds are about three messages.
 */
import type { EventChange } from './events-listener';

type Window = { timer: NodeJS.Timeout; pending: EventChange | undefined };

export class ChangeCoalescer {
  private readonly windows = new Map<number, Window>();

  constructor(
    private readonly windowMs: number,
    private readonly send: (change: EventChange) => void,
  ) {}

  push(change: EventChange): void {
    const open = this.windows.get(change.id);
    if (open) open.pending = change;
    else this.emit(change);
  }

  /** Forgets what waits (the app is closing). */
  close(): void {
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
  }

  private emit(change: EventChange): void {
    this.send(change);
    const window: Window = {
      pending: undefined,
      timer: setTimeout(() => {
        this.windows.delete(change.id);
        if (window.pending) this.emit(window.pending);
      }, this.windowMs),
    };
    window.timer.unref();
    this.windows.set(change.id, window);
  }
}
