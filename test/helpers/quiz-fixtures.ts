import { api } from './api-fixtures.ts';
import { createQuiz } from './content-fixtures.ts';
import type { TestServer } from './server.ts';

/** Quizzes with questions, and attempts at them, through the HTTP API as a client makes them. */

type Json = Record<string, unknown> & { id: number };
/** Any fixture course with a teacher: content and roster courses alike. */
type TaughtCourse = { id: number; teacher: { token: string } };

export interface QuizAttempt {
  id: number;
  attempt: number;
  validation_token: string;
  [field: string]: unknown;
}

function ok<T>(res: { status: number; json: unknown }, what: string): T {
  if (res.status !== 200) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as T;
}

/** A published quiz with the given questions (`question[…]` hashes), created by the course's teacher. */
export async function createQuizWithQuestions(server: TestServer, course: TaughtCourse, questions: Record<string, unknown>[], fields: Record<string, unknown> = {}) {
  const quiz = await createQuiz(server, course.teacher.token, course.id, { published: true, ...fields });
  const created: Json[] = [];
  for (const question of questions) created.push(await addQuestion(server, course, quiz.id, question));
  return { quiz, questions: created };
}

export async function addQuestion(server: TestServer, course: TaughtCourse, quizId: number, question: Record<string, unknown>): Promise<Json> {
  const res = await api(server, course.teacher.token, 'POST', `/api/v1/courses/${course.id}/quizzes/${quizId}/questions`, { question });
  return ok<Json>(res, 'creating a question');
}

export async function startAttempt(server: TestServer, token: string, courseId: number, quizId: number, extra: Record<string, unknown> = {}): Promise<QuizAttempt> {
  const res = await api(server, token, 'POST', `/api/v1/courses/${courseId}/quizzes/${quizId}/submissions`, extra);
  return ok<{ quiz_submissions: QuizAttempt[] }>(res, 'starting an attempt').quiz_submissions[0]!;
}

export function answerQuestions(server: TestServer, token: string, attempt: QuizAttempt, answers: Array<{ id: number; answer: unknown }>) {
  return api(server, token, 'POST', `/api/v1/quiz_submissions/${attempt.id}/questions`, {
    attempt: attempt.attempt,
    validation_token: attempt.validation_token,
    quiz_questions: answers,
  });
}

export async function completeAttempt(server: TestServer, token: string, courseId: number, quizId: number, attempt: QuizAttempt): Promise<QuizAttempt> {
  const res = await api(server, token, 'POST', `/api/v1/courses/${courseId}/quizzes/${quizId}/submissions/${attempt.id}/complete`, {
    attempt: attempt.attempt,
    validation_token: attempt.validation_token,
  });
  return ok<{ quiz_submissions: QuizAttempt[] }>(res, 'completing an attempt').quiz_submissions[0]!;
}

/** Starts an attempt, gives the answers and turns it in: the finished attempt. */
export async function takeQuiz(server: TestServer, token: string, courseId: number, quizId: number, answers: Array<{ id: number; answer: unknown }>): Promise<QuizAttempt> {
  const attempt = await startAttempt(server, token, courseId, quizId);
  ok(await answerQuestions(server, token, attempt, answers), 'answering');
  return completeAttempt(server, token, courseId, quizId, attempt);
}
