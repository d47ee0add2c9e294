import { describe, expect, it } from 'vitest';
import { movedCell } from '../../../src/renderer/src/features/gradebook/grid-navigation.ts';

/** The gradebook's keys, apart from the browser: a grid of 30 students × 12 columns. */
describe('gradebook keyboard moves', () => {
  const none = { ctrl: false, shift: false };
  const move = (row: number, col: number, key: string, modifiers = none) => movedCell({ row, col }, key, modifiers, 30, 12);

  it('moves one cell with the arrows and stops at the edges', () => {
    expect(move(5, 5, 'ArrowUp')).toEqual({ row: 4, col: 5 });
    expect(move(5, 5, 'ArrowDown')).toEqual({ row: 6, col: 5 });
    expect(move(5, 5, 'ArrowLeft')).toEqual({ row: 5, col: 4 });
    expect(move(5, 5, 'ArrowRight')).toEqual({ row: 5, col: 6 });
    expect(move(0, 0, 'ArrowUp')).toEqual({ row: 0, col: 0 });
    expect(move(29, 11, 'ArrowRight')).toEqual({ row: 29, col: 11 });
    expect(move(29, 11, 'ArrowDown')).toEqual({ row: 29, col: 11 });
  });

  it('goes to the row’s ends with Home and End, to the grid’s corners with Control', () => {
    expect(move(5, 5, 'Home')).toEqual({ row: 5, col: 0 });
    expect(move(5, 5, 'End')).toEqual({ row: 5, col: 11 });
    expect(move(5, 5, 'Home', { ctrl: true, shift: false })).toEqual({ row: 0, col: 0 });
    expect(move(5, 5, 'End', { ctrl: true, shift: false })).toEqual({ row: 29, col: 11 });
  });

  it('pages by ten rows, clamped', () => {
    expect(move(5, 3, 'PageDown')).toEqual({ row: 15, col: 3 });
    expect(move(25, 3, 'PageDown')).toEqual({ row: 29, col: 3 });
    expect(move(5, 3, 'PageUp')).toEqual({ row: 0, col: 3 });
  });

  it('tabs along the row and lets Tab leave the grid at its ends', () => {
    expect(move(5, 5, 'Tab')).toEqual({ row: 5, col: 6 });
    expect(move(5, 5, 'Tab', { ctrl: false, shift: true })).toEqual({ row: 5, col: 4 });
    expect(move(5, 11, 'Tab')).toBeUndefined();
    expect(move(5, 0, 'Tab', { ctrl: false, shift: true })).toBeUndefined();
  });

  it('leaves other keys to the cell', () => {
    expect(move(5, 5, 'Enter')).toBeUndefined();
    expect(move(5, 5, 'a')).toBeUndefined();
  });
});
