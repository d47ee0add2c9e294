import { describe, expect, it } from 'vitest';
import { studentOrder } from '../../../src/renderer/src/features/grader/student-order.ts';

const students = [
  { id: 11, display_name: 'Zofia Kowalska' },
  { id: 12, display_name: 'Amara Okafor' },
  { id: 13, display_name: 'Mateo Rossi' },
  { id: 14, display_name: 'Amara Okafor' },
  { id: 15, display_name: 'Dara Byrne' },
];

describe('the order the grader walks the students in', () => {
  it('goes by name, same names by id, labelled with the name', () => {
    expect(studentOrder(students, 7, false)).toEqual([
      { id: 12, label: 'Amara Okafor' },
      { id: 14, label: 'Amara Okafor' },
      { id: 15, label: 'Dara Byrne' },
      { id: 13, label: 'Mateo Rossi' },
      { id: 11, label: 'Zofia Kowalska' },
    ]);
  });

  it('numbers anonymous students in a shuffle that is the same whatever order the roster arrives in', () => {
    const order = studentOrder(students, 7, true);
    expect(order.map((s) => s.label)).toEqual(['Student 1', 'Student 2', 'Student 3', 'Student 4', 'Student 5']);
    expect(new Set(order.map((s) => s.id))).toEqual(new Set(students.map((s) => s.id)));
    expect(studentOrder([...students].reverse(), 7, true)).toEqual(order);
  });

  it('shuffles each assignment its own way, so one number does not follow a student across assignments', () => {
    const orders = new Set([1, 2, 3, 4, 5, 6].map((assignmentId) => studentOrder(students, assignmentId, true).map((s) => s.id).join()));
    expect(orders.size).toBeGreaterThan(1);
  });
});
