/**
 * Runs a task once after a burst of requests: `wait` ms after the last request, and at the latest `maxWait` ms
 * after the first one of the burst (so a long burst still shows progress).
 */
export type Coalesced = {
  /** Asks for a run. */
  request: () => void;
  /** Runs now if a run is pending. */
  flush: () => void;
  /** Forgets a pending run. */
  cancel: () => void;
  readonly pending: boolean;
};

export function coalesce(
  task: () => void,
  { wait, maxWait }: { wait: number; maxWait: number },
  now: () => number = () => performance.now(),
): Coalesced {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let first = 0;
  let last = 0;

  const run = () => {
    timer = null;
    task();
  };
  const check = () => {
    const t = now();
    const due = Math.min(last + wait, first + maxWait);
    if (t >= due) run();
    else timer = setTimeout(check, due - t);
  };

  return {
    request() {
      last = now();
      if (timer === null) {
        first = last;
        timer = setTimeout(check, wait);
      }
    },
    flush() {
      if (timer === null) return;
      clearTimeout(timer);
      run();
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
    get pending() {
      return timer !== null;
    },
  };
}
