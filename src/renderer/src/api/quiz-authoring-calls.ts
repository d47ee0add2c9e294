import type { Quiz, QuizQuestion, QuizQuestionWrite, QuizStatistics, QuizWrite } from '../../../contracts/quiz-authoring-dtos.ts';
import type { Http } from './http.ts';

/** A teacher's quizzes: the quiz, its questions (with their answers) and the class's statistics. */
export function quizAuthoringCalls(http: Http) {
  const quizzes = (courseId: number) => `/api/v1/courses/${courseId}/quizzes`;
  const quiz = (courseId: number, quizId: number) => `${quizzes(courseId)}/${quizId}`;
  return {
    quizzes: (courseId: number) => http.getAll<Quiz>(quizzes(courseId)),
    quiz: (courseId: number, quizId: number) => http.getOne<Quiz>(quiz(courseId, quizId)),
    createQuiz: (courseId: number, fields: QuizWrite) => http.writeJson<Quiz>('POST', quizzes(courseId), { quiz: fields }),
    updateQuiz: (courseId: number, quizId: number, fields: Partial<QuizWrite>) => http.writeJson<Quiz>('PUT', quiz(courseId, quizId), { quiz: fields }),
    quizQuestions: (courseId: number, quizId: number) => http.getAll<QuizQuestion>(`${quiz(courseId, quizId)}/questions`),
    createQuizQuestion: (courseId: number, quizId: number, question: QuizQuestionWrite) =>
      http.writeJson<QuizQuestion>('POST', `${quiz(courseId, quizId)}/questions`, { question }),
    updateQuizQuestion: (courseId: number, quizId: number, questionId: number, question: QuizQuestionWrite) =>
      http.writeJson<QuizQuestion>('PUT', `${quiz(courseId, quizId)}/questions/${questionId}`, { question }),
    deleteQuizQuestion: (courseId: number, quizId: number, questionId: number) => http.write('DELETE', `${quiz(courseId, quizId)}/questions/${questionId}`),
    quizStatistics: async (courseId: number, quizId: number) =>
      (await http.getOne<{ quiz_statistics: QuizStatistics[] }>(`${quiz(courseId, quizId)}/statistics`)).quiz_statistics[0]!,
  };
}
