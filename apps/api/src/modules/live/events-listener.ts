/**
 * One dedicated PostgreSQL connection per instance, LISTENing on 'events_changed' (raised by
 * eventsChanged() in every event write, delivered at commit to every instance). Reconnects with
 * exponential backoff when the connection drops, LISTENs again, and then announces a resync,
 * since notifications sent while it was away are lost.
 */

import type { LiveChange } from '@evmap/contract/markers';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export const CHANGE_TYPES = ['created', 'updated', 'deactivated', 'deleted'] as const;
export type EventChange = LiveChange;
export type ListenerMessage = { kind: 'change'; change: EventChange } | { kind: 'resync' };

const CHANNEL = 'events_changed';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The place of a change, kept only when it has the expected shape. */
function parsePlace(value: unknown): LiveChange['place'] | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const { days, lat, lng } = value as Record<string, unknown>;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return;
  if (days === null) return { days: null, lat, lng };
  if (!Array.isArray(days) || !days.every((day) => typeof day === 'string' && DAY.test(day))) return undefined;
  return { days: days as string[], lat, lng };
}

/** The notification payload, kept only when it has the expected shape (nothing else is forwarded). */
export function parseChange(payload: string | undefined): EventChange | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<EventChange>;
    if (!CHANGE_TYPES.includes(value.type as EventChange['type'])) return undefined;
    if (!Number.isInteger(value.id) || typeof value.uuid !== 'string') return undefined;
    const change: EventChange = { type: value.type as EventChange['type'], id: value.id as number, uuid: value.uuid };
    const place = parsePlace(value.place);
    if (place !== undefined) change.place = place;
    return change;
  } catch {
    return undefined;
  }
}

export type ListenerOptions = { minBackoffMs: number; maxBackoffMs: number };

export class EventsListener {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private stopped = false;
  private everConnected = false;
  private readonly subscribers = new Set<(message: ListenerMessage) => void>();
  private readonly broken = new WeakSet<pg.Client>();

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
    private readonly options: ListenerOptions = { minBackoffMs: 250, maxBackoffMs: 10_000 },
  ) {}

  /** True while the LISTEN connection is up. */
  get connected(): boolean {
    return this.client !== undefined;
  }

  /** The backend pid of the LISTEN connection (tests cut it to prove the reconnection). */
  get backendPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  subscribe(fn: (message: ListenerMessage) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  /** First connection; a failure is logged and retried in the background, never thrown. */
  async start(): Promise<void> {
    await this.connect();
  }

  /** A cheap round trip that reveals a silently dead connection (then reconnects). */
  async check(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.query('SELECT 1');
    } catch (error) {
      this.dropped(client, error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.subscribers.clear();
    await client?.end().catch(() => undefined);
  }

  private emit(message: ListenerMessage): void {
    for (const fn of this.subscribers) fn(message);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ ...this.config, keepAlive: true });
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client, undefined));
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL) return;
      const change = parseChange(message.payload);
      if (change) this.emit({ kind: 'change', change });
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.dropped(client, error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
    if (this.everConnected) {
      this.log.info('live updates: listening again on events_changed');
      this.emit({ kind: 'resync' });
    }
    this.everConnected = true;
  }

  private dropped(client: pg.Client, error: unknown): void {
    if (this.client !== undefined && this.client !== client) return;
    // Only the first signal of a broken client schedules a reconnection.
    if (this.broken.has(client)) return;
    this.broken.add(client);
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.stopped) return;
    const delay = Math.min(this.options.maxBackoffMs, this.options.minBackoffMs * 2 ** this.attempt);
    this.attempt += 1;
    this.log.warn({ err: error }, `live updates: LISTEN connection lost; retrying in ${delay} ms`);
    this.timer = setTimeout(() => void this.connect(), delay * (0.75 + Math.random() * 0.5));
    this.timer.unref();
  }
}
