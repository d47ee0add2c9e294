import { create } from 'zustand';
import type { Submission, SubmissionChange } from '../../../contracts/grading-dtos.ts';
import { submissionErrorText } from '../lib/use-submission.ts';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';
import { currentApi, useSessionStore } from './session-store.ts';

/** One student's work on one assignment. */
export interface StudentRef {
  courseId: number;
  assignmentId: number;
  userId: number;
}

export type SaveKind = 'grade' | 'excuse' | 'comment';

/** Where the last save of one kind stands; `excused` is the value on its way, shown until the server has it. */
export type SaveState = { status: 'saving'; excused?: boolean } | { status: 'saved' } | { status: 'failed'; message: string };

interface GraderStore {
  /** The student on screen, per assignment (`courseId:assignmentId`). */
  selected: Partial<Record<string, number>>;
  /** Comments typed and not yet added, per student: they survive moving to another student and back. */
  commentDrafts: Partial<Record<string, string>>;
  /** Per student and kind (`courseId:assignmentId:userId:kind`). */
  saves: Partial<Record<string, SaveState>>;
  studentSelected: (courseId: number, assignmentId: number, userId: number) => void;
  commentDrafted: (student: StudentRef, text: string) => void;
  /** Saves what the grader typed (blank clears the grade); answers the saved submission, or undefined on failure. */
  gradePosted: (student: StudentRef, grade: string) => Promise<Submission | undefined>;
  excuseChanged: (student: StudentRef, excused: boolean) => Promise<void>;
  /** Adds the student's comment draft; the draft is kept when the server refuses it. */
  commentAdded: (student: StudentRef) => Promise<void>;
}

export const assignmentKey = (courseId: number, assignmentId: number) => `${courseId}:${assignmentId}`;
export const studentKey = ({ courseId, assignmentId, userId }: StudentRef) => `${courseId}:${assignmentId}:${userId}`;
export const saveKey = (student: StudentRef, kind: SaveKind) => `${studentKey(student)}:${kind}`;

/*
 * Every grade, excuse and comment goes to the local API the moment it is made: that is what makes grading work
 * offline (sync carries the change to the hub later). The submission is then read again, so the screen shows what the
 * server stored (its grade wording, late deduction and comment thread), not what the UI guessed.
 */
export const useGraderStore = create<GraderStore>()((set, get) => {
  function saveState(student: StudentRef, kind: SaveKind, state: SaveState): void {
    set((s) => ({ saves: { ...s.saves, [saveKey(student, kind)]: state } }));
  }

  async function change(student: StudentRef, kind: SaveKind, what: SubmissionChange, saving: SaveState): Promise<Submission | undefined> {
    saveState(student, kind, saving);
    try {
      const { courseId, assignmentId, userId } = student;
      const saved = await currentApi().changeSubmission(courseId, assignmentId, userId, what);
      await useResourceStore.getState().resourceStale(resources.submission(courseId, assignmentId, userId));
      saveState(student, kind, { status: 'saved' });
      return saved;
    } catch (error) {
      saveState(student, kind, { status: 'failed', message: submissionErrorText(error) });
      return undefined;
    }
  }

  return {
    selected: {},
    commentDrafts: {},
    saves: {},
    studentSelected: (courseId, assignmentId, userId) =>
      set((s) => ({ selected: { ...s.selected, [assignmentKey(courseId, assignmentId)]: userId } })),
    commentDrafted: (student, text) => set((s) => ({ commentDrafts: { ...s.commentDrafts, [studentKey(student)]: text } })),
    gradePosted: (student, grade) => change(student, 'grade', { posted_grade: grade }, { status: 'saving' }),
    excuseChanged: async (student, excused) => {
      await change(student, 'excuse', { excuse: excused }, { status: 'saving', excused });
    },
    commentAdded: async (student) => {
      const key = studentKey(student);
      const text = get().commentDrafts[key]?.trim();
      if (!text) return;
      if (await change(student, 'comment', { text_comment: text }, { status: 'saving' })) {
        // Only the text that was sent is cleared: whatever was typed meanwhile stays.
        set((s) => ({ commentDrafts: { ...s.commentDrafts, [key]: s.commentDrafts[key]?.trim() === text ? '' : s.commentDrafts[key] } }));
      }
    },
  };
});

useSessionStore.subscribe((state, previous) => {
  // One person's drafts and choices must not show to the next person signed in.
  if (previous.session.phase === 'signed-in' && state.session.phase !== 'signed-in') useGraderStore.setState({ selected: {}, commentDrafts: {}, saves: {} });
});
