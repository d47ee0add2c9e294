import { create } from 'zustand';
import type { QuizAnswerValue, QuizSubmissionQuestion } from '../../../contracts/quiz-attempt-dtos.ts';
import type { AttemptProof } from '../api/quiz-attempt-calls.ts';
import { uploadSubmissionFiles } from '../api/upload.ts';
import { submissionErrorText } from '../lib/use-submission.ts';
import type { SaveState } from './grader-store.ts';
import { currentApi } from './session-store.ts';
import type { UploadProgress } from './submission-store.ts';
import { useSyncStatusStore } from './sync-status-store.ts';

/** How long typing may pause before a text answer is sent; a choice is sent at once. */
export const TYPING_SETTLES_MS = 700;

interface QuizAttemptStore {
  /** The attempt on screen; every answer and flag carries its proof. */
  attempt?: AttemptProof;
  /** The answers as the student has given them, by question id, saved or on their way. */
  answers: Partial<Record<number, QuizAnswerValue>>;
  saves: Partial<Record<number, SaveState>>;
  flags: Partial<Record<number, boolean>>;
  /** A file question's files while they upload. */
  uploads: Partial<Record<number, readonly UploadProgress[]>>;
  /** The attempt's screen opened (or was reloaded): the server's answers and flags are where it starts. */
  attemptOpened: (attempt: AttemptProof, questions: readonly QuizSubmissionQuestion[]) => void;
  /** An answer given: kept at once, sent once it settles for `settleMs`, after every change sent before it. */
  answerGiven: (questionId: number, answer: QuizAnswerValue, settleMs?: number) => void;
  flagToggled: (questionId: number) => void;
  /** Uploads a file question's files to the quiz's assignment, then answers with them. */
  filesChosen: (questionId: number, files: readonly File[], target: { courseId: number; assignmentId: number }) => Promise<void>;
  /** Sends what still waits (and tries failed answers again); true when every answer is saved. */
  allSent: () => Promise<boolean>;
}

/*
 * Answers are saved as they are given (docs/decisions/0093: changes made in place are sent in turn, never dropped).
 * Each question waits for its typing to settle, then its latest answer joins one queue: requests go one after
 * another, so an older answer can never arrive after a newer one and overwrite it. A question shows `saved` only when
 * what was sent is still what it holds.
 */
export const useQuizAttemptStore = create<QuizAttemptStore>()((set, get) => {
  const settling = new Map<number, ReturnType<typeof setTimeout>>();
  let queue: Promise<void> = Promise.resolve();

  const saveSet = (questionId: number, save: SaveState) => set((s) => ({ saves: { ...s.saves, [questionId]: save } }));

  /** Queues a write of the attempt; its failure is the question's, in words for the student. */
  function enqueue(questionId: number, write: (attempt: AttemptProof) => Promise<unknown>, saved: () => boolean): Promise<void> {
    const attempt = get().attempt;
    if (!attempt) return queue;
    queue = queue.then(async () => {
      try {
        await write(attempt);
        if (get().attempt === attempt && saved()) saveSet(questionId, { status: 'saved' });
      } catch (error) {
        if (get().attempt === attempt) saveSet(questionId, { status: 'failed', message: submissionErrorText(error) });
      }
      void useSyncStatusStore.getState().refreshRequested();
    });
    return queue;
  }

  function sendAnswer(questionId: number): Promise<void> {
    settling.delete(questionId);
    const answer = get().answers[questionId] ?? null;
    return enqueue(
      questionId,
      (attempt) => currentApi().questionsAnswered(attempt, [{ id: questionId, answer }]),
      () => !settling.has(questionId) && (get().answers[questionId] ?? null) === answer,
    );
  }

  return {
    answers: {},
    saves: {},
    flags: {},
    uploads: {},
    attemptOpened: (attempt, questions) => {
      const before = get();
      // The same attempt under a new id: made on a device, now the hub's copy pulled back (decision 0120; the token
      // names quiz, student and attempt). Answers not yet saved under the old id keep their place and go to the new.
      const moved = before.attempt !== undefined && before.attempt.id !== attempt.id && before.attempt.attempt === attempt.attempt && before.attempt.validation_token === attempt.validation_token;
      const unsaved = moved ? questions.filter((q) => before.saves[q.id] !== undefined && before.saves[q.id]?.status !== 'saved').map((q) => q.id) : [];
      for (const timer of settling.values()) clearTimeout(timer);
      settling.clear();
      set({
        attempt,
        answers: { ...Object.fromEntries(questions.map((q) => [q.id, q.answer])), ...Object.fromEntries(unsaved.map((id) => [id, before.answers[id] ?? null])) },
        flags: Object.fromEntries(questions.map((q) => [q.id, q.flagged])),
        saves: Object.fromEntries(unsaved.map((id) => [id, { status: 'saving' } satisfies SaveState])),
        uploads: {},
      });
      for (const id of unsaved) void sendAnswer(id);
    },
    answerGiven: (questionId, answer, settleMs = 0) => {
      set((s) => ({ answers: { ...s.answers, [questionId]: answer } }));
      saveSet(questionId, { status: 'saving' });
      clearTimeout(settling.get(questionId));
      settling.set(
        questionId,
        setTimeout(() => void sendAnswer(questionId), settleMs),
      );
    },
    flagToggled: (questionId) => {
      const flagged = !get().flags[questionId];
      set((s) => ({ flags: { ...s.flags, [questionId]: flagged } }));
      void enqueue(
        questionId,
        (attempt) => currentApi().questionFlagged(attempt, questionId, flagged),
        () => true,
      );
    },
    filesChosen: async (questionId, files, target) => {
      const progressed = (index: number, fraction: number) =>
        set((s) => ({ uploads: { ...s.uploads, [questionId]: (s.uploads[questionId] ?? []).map((u, i) => (i === index ? { ...u, fraction } : u)) } }));
      set((s) => ({ uploads: { ...s.uploads, [questionId]: files.map((f) => ({ name: f.name, fraction: 0 })) } }));
      saveSet(questionId, { status: 'saving' });
      try {
        get().answerGiven(questionId, await uploadSubmissionFiles(currentApi(), target, files, progressed));
      } catch (error) {
        saveSet(questionId, { status: 'failed', message: submissionErrorText(error) });
      } finally {
        set((s) => ({ uploads: { ...s.uploads, [questionId]: [] } }));
      }
    },
    allSent: async () => {
      const failed = Object.entries(get().saves).flatMap(([id, save]) => (save?.status === 'failed' ? [Number(id)] : []));
      const waiting = [...settling.keys()];
      for (const id of waiting) clearTimeout(settling.get(id));
      await Promise.all([...new Set([...waiting, ...failed])].map(sendAnswer));
      await queue;
      return Object.values(get().saves).every((save) => save?.status !== 'failed');
    },
  };
});
