import { describe, expect, it } from 'vitest';
import { submittableTypes, whyNoSubmitting } from '../../../src/renderer/src/features/submissions/submittable.ts';
import { waitingToSync } from '../../../src/renderer/src/lib/waiting-to-sync.ts';
import { fileProblem } from '../../../src/renderer/src/lib/file-checks.ts';
import type { Submission } from '../../../src/contracts/grading-dtos.ts';
import type { Assignment } from '../../../src/contracts/lms-dtos.ts';
import type { SyncStatus } from '../../../src/contracts/session-dtos.ts';
import { MAX_FILE_BYTES } from '../../../src/contracts/upload-limits.ts';

/** The assignment screen's decisions, apart from the browser: what it refuses, and when work still waits for the hub. */
describe('the assignment screen’s submitting rules', () => {
  const assignment = (fields: Partial<Assignment>): Assignment => ({
    id: 1, course_id: 1, name: 'A', description: null, due_at: null, unlock_at: null, lock_at: null, points_possible: 10,
    grading_type: 'points', submission_types: ['online_text_entry'], published: true, position: 1, ...fields,
  });
  const status = (fields: Partial<SyncStatus>): SyncStatus => ({ state: 'synced', last_synced_at: '2026-11-25T10:00:00Z', waiting: 0, refused: [], conflicts: 0, ...fields });

  it('an attempt waits to sync only on a device with a hub, while changes wait, when newer than the last exchange', () => {
    const at = '2026-11-25T10:05:00Z';
    expect(waitingToSync(at, undefined)).toBe(false);
    expect(waitingToSync(at, status({ state: 'not_connected', waiting: 3 }))).toBe(false);
    expect(waitingToSync(at, status({ waiting: 0 }))).toBe(false);
    expect(waitingToSync(at, status({ state: 'offline', waiting: 1 }))).toBe(true);
    expect(waitingToSync(at, status({ state: 'offline', waiting: 1, last_synced_at: null }))).toBe(true);
    // Exchanged after the attempt: the changes still waiting are others.
    expect(waitingToSync(at, status({ waiting: 1, last_synced_at: '2026-11-25T10:06:00Z' }))).toBe(false);
  });

  it('files: too large for Outpost, or of a type the assignment does not take, are refused in words', () => {
    expect(fileProblem({ name: 'essay.PDF', size: 10 }, ['pdf'])).toBeUndefined();
    expect(fileProblem({ name: 'anything.bin', size: MAX_FILE_BYTES }, [])).toBeUndefined();
    expect(fileProblem({ name: 'run.exe', size: 10 }, ['pdf', 'docx'])).toBe('run.exe is not a file type this assignment takes. Allowed: pdf, docx.');
    expect(fileProblem({ name: 'README', size: 10 }, ['txt'])).toBe('README is not a file type this assignment takes. Allowed: txt.');
    expect(fileProblem({ name: 'big.pdf', size: 3_000_000 }, ['pdf'])).toBe('big.pdf is 3.0 MB; the largest file Outpost takes is 1.4 MB.');
  });

  it('no form when locked, when nothing is submitted online, or when the attempts allowed are used', () => {
    const submission = (attempt: number | null) => ({ attempt }) as Submission;
    expect(whyNoSubmitting(assignment({}), submission(5), true)).toBeUndefined();
    expect(whyNoSubmitting(assignment({ locked_for_user: true }), submission(null), true)).toBe('You cannot submit while this assignment is locked.');
    expect(whyNoSubmitting(assignment({ submission_types: ['on_paper'] }), submission(null), true)).toBe('There is nothing to submit online for this assignment.');
    expect(whyNoSubmitting(assignment({ allowed_attempts: 1 }), submission(null), true)).toBeUndefined();
    expect(whyNoSubmitting(assignment({ allowed_attempts: 1 }), submission(1), true)).toBe('You have used the one attempt this assignment allows.');
    expect(whyNoSubmitting(assignment({ allowed_attempts: 3 }), submission(3), true)).toBe('You have used all 3 attempts this assignment allows.');
  });

  it('a recording is offered only where the browser records; an assignment that takes nothing else says why', () => {
    const fresh = { attempt: null } as Submission;
    expect(submittableTypes(assignment({ submission_types: ['media_recording', 'online_url'] }), true)).toEqual(['online_url', 'media_recording']);
    expect(submittableTypes(assignment({ submission_types: ['media_recording', 'online_url'] }), false)).toEqual(['online_url']);
    expect(whyNoSubmitting(assignment({ submission_types: ['media_recording'] }), fresh, true)).toBeUndefined();
    expect(whyNoSubmitting(assignment({ submission_types: ['media_recording'] }), fresh, false)).toBe(
      'This assignment takes a media recording, and this browser cannot record one. Open Outpost on a device with a microphone.',
    );
  });
});
