import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const make = () => {
    const task = vi.fn();
    return { task, runs: coalesce(task, { wait: 50, maxWait: 200 }, () => Date.now()) };
  };

  it('runs once, wait ms after the last of several requests', () => {
    const { task, runs } = make();
    runs.request();
    vi.advanceTimersByTime(30);
    runs.request();
    vi.advanceTimersByTime(30);
    runs.request();
    expect(runs.pending).toBe(true);
    vi.advanceTimersByTime(49);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    expect(runs.pending).toBe(false);
    vi.advanceTimersByTime(500);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest maxWait ms after the first request of a long burst', () => {
    const { task, runs } = make();
    for (let t = 0; t < 200; t += 20) {
      runs.request();
      vi.advanceTimersByTime(20);
    }
    expect(task).toHaveBeenCalledTimes(1);
    runs.request();
    vi.advanceTimersByTime(50);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('flushes a pending run now, and cancels one', () => {
    const { task, runs } = make();
    runs.flush();
    expect(task).not.toHaveBeenCalled();
    runs.request();
    runs.flush();
    expect(task).toHaveBeenCalledTimes(1);
    runs.request();
    runs.cancel();
    vi.advanceTimersByTime(500);
    expect(task).toHaveBeenCalledTimes(1);
    expect(runs.pending).toBe(false);
  });
});
