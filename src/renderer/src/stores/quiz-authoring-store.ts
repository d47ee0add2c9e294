import { create } from 'zustand';
import type { Quiz, QuizQuestionWrite, QuizSave } from '../../../contracts/quiz-authoring-dtos.ts';
import { useResourceStore } from './resource-store.ts';
import { resources } from './resources.ts';
import { currentApi } from './session-store.ts';

/**
 * A save is several requests, and any may fail: each step that succeeded is reported at once, so the editor knows
 * the quiz's id, the questions' ids and the deletions done, and saving again repeats none of them.
 */
export type QuizSaveStep =
  | { type: 'quizCreated'; quizId: number }
  | { type: 'questionSaved'; key: string; id: number; write: QuizQuestionWrite }
  | { type: 'questionDeleted'; id: number };

interface QuizAuthoringStore {
  /** Creates (no id) or changes the quiz, then its questions; `publish` sets its published state last, once all is saved. */
  quizSaveRequested: (courseId: number, quizId: number | undefined, save: QuizSave, onStep: (step: QuizSaveStep) => void, publish?: boolean) => Promise<Quiz>;
  /** The list's Published checkbox. */
  quizPublishRequested: (courseId: number, quizId: number, published: boolean) => Promise<void>;
}

export const useQuizAuthoringStore = create<QuizAuthoringStore>()(() => {
  const reread = (courseId: number, quizId: number) =>
    Promise.all(
      // A graded quiz is an assignment too, and module items show its title and state.
      [resources.quizzes(courseId), resources.quiz(courseId, quizId), resources.quizQuestions(courseId, quizId), resources.assignments(courseId), resources.modules(courseId)].map(
        (r) => useResourceStore.getState().resourceStale(r),
      ),
    );
  return {
    quizSaveRequested: async (courseId, quizId, save, onStep, publish) => {
      const api = currentApi();
      let quiz: Quiz;
      if (quizId === undefined) {
        quiz = await api.createQuiz(courseId, save.quiz);
        onStep({ type: 'quizCreated', quizId: quiz.id });
      } else {
        quiz = await api.updateQuiz(courseId, quizId, save.quiz);
      }
      for (const id of save.removed) {
        await api.deleteQuizQuestion(courseId, quiz.id, id);
        onStep({ type: 'questionDeleted', id });
      }
      for (const q of save.questions.filter((question) => question.changed)) {
        const saved = q.id === undefined ? await api.createQuizQuestion(courseId, quiz.id, q.write) : await api.updateQuizQuestion(courseId, quiz.id, q.id, q.write);
        onStep({ type: 'questionSaved', key: q.key, id: saved.id, write: q.write });
      }
      if (publish !== undefined) quiz = await api.updateQuiz(courseId, quiz.id, { published: publish });
      await reread(courseId, quiz.id);
      return quiz;
    },
    quizPublishRequested: async (courseId, quizId, published) => {
      try {
        await currentApi().updateQuiz(courseId, quizId, { published });
      } finally {
        await reread(courseId, quizId);
      }
    },
  };
});
