// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveUpdates } from './use-live-updates';

/** An EventSource driven by the test: it opens, errs and closes when told. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  /** The stream ended: the browser reconnects by itself (CONNECTING), or gives up for good (CLOSED, a refusal). */
  fail(giveUp: boolean) {
    this.readyState = giveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function mount() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLiveUpdates(), { wrapper });
  return { invalidate, unmount: hook.unmount };
}

describe('useLiveUpdates', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('refreshes the searches when the stream reopens after an interruption, not on the first opening', () => {
    const { invalidate } = mount();
    const [source] = FakeEventSource.opened;
    source!.open();
    expect(invalidate).not.toHaveBeenCalled();
    source!.fail(false);
    source!.open();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('opens a new stream after a refusal closed it, 2 s then 4 s later, and refreshes once it is open', () => {
    const { invalidate, unmount } = mount();
    FakeEventSource.opened[0]!.fail(true);
    vi.advanceTimersByTime(1_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]!.fail(true);
    vi.advanceTimersByTime(3_999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(3);
    FakeEventSource.opened[2]!.open();
    expect(invalidate).toHaveBeenCalledTimes(1);
    unmount();
    expect(FakeEventSource.opened[2]!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens no new stream once unmounted', () => {
    const { unmount } = mount();
    FakeEventSource.opened[0]!.fail(true);
    unmount();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
