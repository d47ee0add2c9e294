import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { createQuizWithQuestions, takeQuiz } from '../helpers/quiz-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { pullAll } from '../helpers/sync-fixtures.ts';

describe('what a device pulls of quizzes', () => {
  let hub: TestServer;
  let course: ContentCourse;
  let keys: { quiz: string; question: string; attempt: string; assignmentSubmission: string };

  beforeAll(async () => {
    hub = await startTestServer({ adminToken: 'quiz-pull-admin' });
    course = await createContentCourse(hub, 'Quiz pull');
    const { quiz, questions } = await createQuizWithQuestions(hub, course, [
      { question_type: 'multiple_choice_question', points_possible: 1, answers: [{ answer_text: 'right', answer_weight: 100 }, { answer_text: 'wrong' }] },
    ]);
    const q = questions[0] as unknown as { id: number; answers: Array<{ id: number }> };
    const attempt = await takeQuiz(hub, course.student.token, course.id, quiz.id, [{ id: q.id, answer: q.answers[0]!.id }]);
    keys = {
      quiz: `quiz:${quiz.id}`,
      question: `quiz_question:${q.id}`,
      attempt: `quiz_submission:${attempt.id}`,
      assignmentSubmission: `submission:${attempt.submission_id as number}`,
    };
  });
  afterAll(() => hub.stop());

  it('a student’s device gets the quiz and their grade, never the questions (their weights) nor the attempt’s per-question results', async () => {
    const course_ = (await pullAll(hub, course.student.token, 'course')).byKey;
    const work = (await pullAll(hub, course.student.token, 'course_user')).byKey;
    expect(course_.get(keys.quiz)?._deleted).toBe(false);
    // A record the user may not hold reaches them, if at all, as an empty deletion.
    const question = course_.get(keys.question);
    expect(question === undefined || (question._deleted && JSON.stringify(question.data) === '{}')).toBe(true);
    expect(work.get(keys.assignmentSubmission)?._deleted).toBe(false);
    const attempt = work.get(keys.attempt);
    expect(attempt === undefined || (attempt._deleted && JSON.stringify(attempt.data) === '{}')).toBe(true);
  });

  it('the teacher’s device gets all of them', async () => {
    const course_ = (await pullAll(hub, course.teacher.token, 'course')).byKey;
    const work = (await pullAll(hub, course.teacher.token, 'course_user')).byKey;
    expect(course_.get(keys.question)?._deleted).toBe(false);
    expect(work.get(keys.attempt)?._deleted).toBe(false);
  });
});
