import { describe, expect, it } from 'vitest';
import { parseChange } from './events-listener';
import { StreamHub, type StreamSink, sseMessage } from './stream-hub';

function sink(buffered = 0) {
  const written: string[] = [];
  let onClose: (() => void) | undefined;
  const state = { ended: false, destroyed: false };
  const value: StreamSink = {
    write: (chunk) => {
      written.push(chunk);
      return true;
    },
    end: (callback) => {
      state.ended = true;
      callback?.();
    },
    destroy: () => {
      state.destroyed = true;
    },
    writableLength: buffered,
    once: (_event, listener) => {
      onClose = listener;
    },
  };
  return { value, written, state, close: () => onClose?.() };
}

const options = { maxStreams: 3, maxPerAddress: 2, heartbeatMs: 20, maxBufferedBytes: 100 };

describe('StreamHub', () => {
  it('bounds streams per address and per instance, and frees places on close', () => {
    const hub = new StreamHub(options);
    const first = sink();
    hub.add(first.value, 'a');
    hub.add(sink().value, 'a');
    expect(hub.refusal('a')).toBe('address');
    expect(hub.refusal('b')).toBeUndefined();
    hub.add(sink().value, 'b');
    expect(hub.refusal('c')).toBe('instance');
    first.close();
    expect(hub.size).toBe(2);
    expect(hub.refusal('a')).toBeUndefined();
    hub.closeAll();
  });

  it('fans messages out, beats every heartbeatMs, and stops beating when empty', async () => {
    let checks = 0;
    const hub = new StreamHub(options, () => checks++);
    const one = sink();
    hub.add(one.value, 'a');
    hub.broadcast(sseMessage('change', { type: 'created', id: 1, uuid: 'u' }));
    expect(one.written).toEqual(['event: change\ndata: {"type":"created","id":1,"uuid":"u"}\n\n']);
    await new Promise((r) => setTimeout(r, 70));
    expect(one.written.filter((w) => w === ': heartbeat\n\n').length).toBeGreaterThanOrEqual(2);
    expect(checks).toBeGreaterThanOrEqual(2);
    one.close();
    const before = checks;
    await new Promise((r) => setTimeout(r, 60));
    expect(checks).toBe(before);
  });

  it('cuts a client that does not read, and ends every stream on close', () => {
    const hub = new StreamHub(options);
    const slow = sink(1000);
    const fine = sink();
    hub.add(slow.value, 'a');
    hub.add(fine.value, 'b');
    hub.broadcast('event: change\ndata: {}\n\n');
    expect(slow.state.destroyed).toBe(true);
    expect(hub.size).toBe(1);
    hub.closeAll();
    expect(fine.state).toEqual({ ended: true, destroyed: true });
    expect(hub.refusal('z')).toBe('instance');
  });
});

describe('parseChange', () => {
  it('keeps only well-formed changes', () => {
    expect(parseChange('{"type":"deleted","id":3,"uuid":"x","extra":"<script>"}')).toEqual({
      type: 'deleted',
      id: 3,
      uuid: 'x',
    });
    expect(parseChange('{"type":"hacked","id":3,"uuid":"x"}')).toBeUndefined();
    expect(parseChange('{"type":"created","id":"3","uuid":"x"}')).toBeUndefined();
    expect(parseChange('not json')).toBeUndefined();
    expect(parseChange(undefined)).toBeUndefined();
  });

  it('keeps where the event now is, when well-formed', () => {
    const place = { days: ['2026-12-01', '2026-12-02'], lat: 45.5, lng: -73.56 };
    expect(parseChange(JSON.stringify({ type: 'updated', id: 3, uuid: 'x', place }))).toEqual({
      type: 'updated',
      id: 3,
      uuid: 'x',
      place,
    });
    expect(parseChange('{"type":"deleted","id":3,"uuid":"x","place":null}')).toEqual({
      type: 'deleted',
      id: 3,
      uuid: 'x',
      place: null,
    });
    const everyDay = { days: null, lat: 45.5, lng: -73.56 };
    expect(parseChange(JSON.stringify({ type: 'created', id: 3, uuid: 'x', place: everyDay }))?.place).toEqual(
      everyDay,
    );
    for (const bad of [{ days: ['<b>'], lat: 1, lng: 2 }, { days: [], lat: '1', lng: 2 }, 'here']) {
      expect(parseChange(JSON.stringify({ type: 'created', id: 3, uuid: 'x', place: bad }))).toEqual({
        type: 'created',
        id: 3,
        uuid: 'x',
      });
    }
  });
});
