import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createContentCourse, type ContentCourse } from '../helpers/content-fixtures.ts';
import { createQuizWithQuestions, takeQuiz } from '../helpers/quiz-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { derivedDeliveries, liveEvent } from '../helpers/webhook-deliveries.ts';
import { registerFixtureTool, subscriptionBody, toolAccessToken } from '../helpers/webhook-fixtures.ts';

describe('quiz live events', () => {
  let server: TestServer;
  let course: ContentCourse;
  let token: string;

  beforeAll(async () => {
    // No worker: deliveries stay in the outbox to be read.
    server = await startTestServer({ webhooks: { hostname: 'outpost.test', worker: false } });
    course = await createContentCourse(server, 'Quiz events');
    token = await toolAccessToken(server, await registerFixtureTool(server));
  });
  afterAll(() => server.stop());

  it('a finished attempt of a graded quiz is submission_created, quiz_submitted (naming the quiz submission) and grade_change', async () => {
    const res = await api(server, token, 'POST', '/api/lti/subscriptions', subscriptionBody(course.id, { EventTypes: ['submission_created', 'quiz_submitted', 'grade_change'] }));
    expect(res.status).toBe(200);
    const subscription = (res.json as { Id: string }).Id;
    const { quiz, questions } = await createQuizWithQuestions(server, course, [
      { question_type: 'true_false_question', points_possible: 2, answers: [{ answer_text: 'True', answer_weight: 100 }, { answer_text: 'False' }] },
    ]);
    const q = questions[0] as unknown as { id: number; answers: Array<{ id: number }> };
    const attempt = await takeQuiz(server, course.student.token, course.id, quiz.id, [{ id: q.id, answer: q.answers[0]!.id }]);
    const mine = (await derivedDeliveries(server)).filter((d) => d.data.subscription_uuid === subscription);
    expect(mine.map((d) => d.data.event_name).sort()).toEqual(['grade_change', 'quiz_submitted', 'submission_created']);
    const submitted = liveEvent(mine.find((d) => d.data.event_name === 'quiz_submitted')!);
    expect(submitted.body).toEqual({ quiz_id: String(quiz.id), submission_id: String(attempt.id) });
    const graded = liveEvent(mine.find((d) => d.data.event_name === 'grade_change')!);
    expect(graded.body).toMatchObject({ score: 2, grader_id: String(-quiz.id), grading_complete: true });
  });
});
