/**
 * The Server-Sent Events streams of one instance: admission (a bound per instance and per address),
 * fan-out of each message as one pre-formatted string, a heartbeat comment, and cleanup when a client
 * leaves, falls too far behind, or the app closes.
 */

/** What the hub needs of a response (http.ServerResponse fits). */
export type StreamSink = {
  write(chunk: string): boolean;
  end(callback?: () => void): unknown;
  destroy(): unknown;
  readonly writableLength: number;
  once(event: 'close', listener: () => void): unknown;
};

export type HubOptions = {
  maxStreams: number;
  maxPerAddress: number;
  heartbeatMs: number;
  /** A client with more unsent bytes than this is cut (it reconnects and resyncs). */
  maxBufferedBytes: number;
};

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  maxStreams: 5000,
  maxPerAddress: 20,
  heartbeatMs: 25_000,
  maxBufferedBytes: 256 * 1024,
};

type Stream = { sink: StreamSink; address: string };

export class StreamHub {
  private readonly streams = new Set<Stream>();
  private readonly perAddress = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly options: HubOptions = DEFAULT_HUB_OPTIONS,
    /** Called on every heartbeat (the listener checks its connection then). */
    private readonly onHeartbeat: () => void = () => undefined,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** Why a new stream from `address` is refused, if it is. */
  refusal(address: string): 'instance' | 'address' | undefined {
    if (this.closed || this.streams.size >= this.options.maxStreams) return 'instance';
    if ((this.perAddress.get(address) ?? 0) >= this.options.maxPerAddress) return 'address';
    return undefined;
  }

  add(sink: StreamSink, address: string): void {
    const stream = { sink, address };
    this.streams.add(stream);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    sink.once('close', () => this.remove(stream));
    this.heartbeat ??= setInterval(() => {
      this.broadcast(': heartbeat\n\n');
      this.onHeartbeat();
    }, this.options.heartbeatMs);
  }

  /** Writes one SSE message to every stream. */
  broadcast(message: string): void {
    for (const stream of this.streams) {
      if (stream.sink.writableLength > this.options.maxBufferedBytes) {
        this.remove(stream);
        stream.sink.destroy();
        continue;
      }
      stream.sink.write(message);
    }
  }

  /**
   * Ends every stream (drain, app close) and refuses new ones: clients see the end and reconnect elsewhere, after
   * `retryMs` when given (an SSE `retry:` field, replacing the delay given when the stream opened).
   */
  closeAll(retryMs?: number): void {
    this.closed = true;
    for (const stream of [...this.streams]) {
      this.remove(stream);
      if (retryMs !== undefined) stream.sink.write(`retry: ${retryMs}\n\n`);
      // Then close the socket: a client that never answers the end must not keep the server from closing.
      stream.sink.end(() => stream.sink.destroy());
    }
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private remove(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    const left = (this.perAddress.get(stream.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(stream.address, left);
    else this.perAddress.delete(stream.address);
    if (this.streams.size === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }
}

/** One SSE message: `event: <name>` and one `data:` line of JSON. */
export function sseMessage(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
