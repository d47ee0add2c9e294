import { describe, expect, it } from 'vitest';
import { addMonths, dayOfItem, itemsByDay, monthWeeks, movedDay } from '../../src/renderer/src/lib/calendar-days.ts';

describe('calendar days', () => {
  it('a month view holds whole weeks from the one with the 1st to the one with the last day', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const sundayFirst = monthWeeks('2026-11-17', 0);
    expect(sundayFirst.map((w) => [w[0], w[6]])).toEqual([
      ['2026-11-01', '2026-11-07'],
      ['2026-11-08', '2026-11-14'],
      ['2026-11-15', '2026-11-21'],
      ['2026-11-22', '2026-11-28'],
      ['2026-11-29', '2026-12-05'],
    ]);
    const mondayFirst = monthWeeks('2026-11-01', 1);
    expect(mondayFirst[0]![0]).toBe('2026-10-26');
    expect(mondayFirst.at(-1)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    // February 2027 starts on a Monday and fits four weeks exactly.
    expect(monthWeeks('2027-02-10', 1)).toHaveLength(4);
  });

  it('keys move by a day, a week, to the week’s ends, by a month; left and right swap right to left', () => {
    const ltr = { weekStart: 1, rtl: false, shift: false };
    expect(movedDay('2026-11-30', 'ArrowRight', ltr)).toBe('2026-12-01');
    expect(movedDay('2026-11-01', 'ArrowLeft', ltr)).toBe('2026-10-31');
    expect(movedDay('2026-11-01', 'ArrowLeft', { ...ltr, rtl: true })).toBe('2026-11-02');
    expect(movedDay('2026-11-26', 'ArrowDown', ltr)).toBe('2026-12-03');
    expect(movedDay('2026-11-05', 'ArrowUp', ltr)).toBe('2026-10-29');
    // Thursday 12 November: its week runs Monday 9 to Sunday 15.
    expect(movedDay('2026-11-12', 'Home', ltr)).toBe('2026-11-09');
    expect(movedDay('2026-11-12', 'End', ltr)).toBe('2026-11-15');
    expect(movedDay('2026-01-31', 'PageDown', ltr)).toBe('2026-02-28');
    expect(movedDay('2026-03-15', 'PageUp', { ...ltr, shift: true })).toBe('2025-03-15');
    expect(movedDay('2026-03-15', 'Enter', ltr)).toBeUndefined();
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
  });

  it('crosses a daylight-saving change without losing or repeating a day', () => {
    let day = '2026-03-27';
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push((day = movedDay(day, 'ArrowRight', { weekStart: 1, rtl: false, shift: false })!));
    expect(seen).toEqual(['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01']);
  });

  it('an all-day item shows on its own date, a timed one on the day it starts, all-day ones first', () => {
    expect(dayOfItem({ all_day: true, all_day_date: '2026-11-12', start_at: '2026-11-11T23:00:00Z' })).toBe('2026-11-12');
    expect(dayOfItem({ all_day: false, all_day_date: null, start_at: null })).toBeUndefined();
    const noon = new Date(2026, 10, 12, 12).toISOString();
    const nine = new Date(2026, 10, 12, 9).toISOString();
    const byDay = itemsByDay([
      { id: 'noon', all_day: false, all_day_date: null, start_at: noon },
      { id: 'nine', all_day: false, all_day_date: null, start_at: nine },
      { id: 'all day', all_day: true, all_day_date: '2026-11-12', start_at: nine },
    ]);
    expect(byDay.get('2026-11-12')!.map((i) => i.id)).toEqual(['all day', 'nine', 'noon']);
  });
});
