import { describe, expect, it } from 'vitest';
import type { SyncConflict } from '../../../src/contracts/session-dtos.ts';
import { conflictedGrades } from '../../../src/renderer/src/features/gradebook/grade-conflicts.ts';

describe('the gradebook cells a sync conflict marks', () => {
  const conflict = (id: number, change: Partial<SyncConflict>) => ({ id, record_type: 'submission', record_id: 100 + id, course_id: 1, fields: ['score', 'grade'], ...change }) as SyncConflict;

  it('marks the submissions whose grade both writes changed, in this course only', () => {
    const conflicts = [
      conflict(1, {}),
      conflict(2, { fields: ['excused'] }),
      conflict(3, { course_id: 2 }),
      conflict(4, { fields: ['body', 'submitted_at'] }),
      conflict(5, { record_type: 'wiki_page', fields: ['body'] }),
    ];
    expect([...conflictedGrades(conflicts, 1)].sort()).toEqual([101, 102]);
    expect([...conflictedGrades([], 1)]).toEqual([]);
  });
});
