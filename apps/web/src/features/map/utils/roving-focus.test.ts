import { describe, expect, it } from 'vitest';
import { firstInOrder, moveIndex, readingOrder } from './roving-focus';

const item = (key: string, x: number, y: number) => ({ key, x, y });

describe('the keyboard order of the markers', () => {
  it('reads rows from top to bottom, each from left to right', () => {
    const items = [item('c', 300, 210), item('b', 500, 12), item('a', 100, 30), item('d', 50, 400), item('e', 20, 220)];
    expect(readingOrder(items).map((i) => i.key)).toEqual(['a', 'b', 'e', 'c', 'd']);
    expect(firstInOrder(items)?.key).toBe('a');
    expect(firstInOrder([])).toBeUndefined();
  });

  it('keeps the order of markers at one place stable', () => {
    const items = [item('y', 10, 15), item('x', 10, 10)];
    expect(readingOrder(items).map((i) => i.key)).toEqual(['x', 'y']);
  });

  it('moves with the arrow keys, wrapping around, and jumps with Home and End', () => {
    expect(moveIndex(3, 0, 'ArrowRight')).toBe(1);
    expect(moveIndex(3, 1, 'ArrowDown')).toBe(2);
    expect(moveIndex(3, 2, 'ArrowRight')).toBe(0);
    expect(moveIndex(3, 0, 'ArrowLeft')).toBe(2);
    expect(moveIndex(3, 2, 'ArrowUp')).toBe(1);
    expect(moveIndex(3, 1, 'Home')).toBe(0);
    expect(moveIndex(3, 1, 'End')).toBe(2);
    expect(moveIndex(3, -1, 'ArrowDown')).toBe(0);
    expect(moveIndex(3, -1, 'ArrowUp')).toBe(2);
    expect(moveIndex(3, 1, 'Tab')).toBeNull();
    expect(moveIndex(0, 0, 'ArrowDown')).toBeNull();
  });
});
