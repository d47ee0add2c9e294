import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const ADMIN = 'sanitize-admin-token';
const HOSTILE = '<p onclick="steal()">Read <a href="javascript:alert(1)">this</a></p><script>alert(1)</script><img src=x onerror=alert(2)>';

/** Every area that stores user-written HTML sanitizes it on the way in, not only wiki pages. */
describe('user-written HTML outside wiki pages', () => {
  let server: TestServer;
  let courseId: number;
  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    const course = await api(server, ADMIN, 'POST', '/api/v1/accounts/self/courses', {
      course: { name: 'Sanitizing', syllabus_body: HOSTILE },
    });
    courseId = (course.json as { id: number }).id;
  });
  afterAll(() => server.stop());

  function expectHarmless(html: unknown): void {
    expect(typeof html).toBe('string');
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:/i);
    expect(html).toContain('Read');
  }

  it('sanitizes the syllabus, assignment descriptions, quiz descriptions and discussion messages', async () => {
    const course = await api(server, ADMIN, 'GET', `/api/v1/courses/${courseId}?include[]=syllabus_body`);
    expectHarmless((course.json as { syllabus_body: unknown }).syllabus_body);

    const assignment = await api(server, ADMIN, 'POST', `/api/v1/courses/${courseId}/assignments`, {
      assignment: { name: 'Essay', description: HOSTILE },
    });
    expect(assignment.status).toBe(200);
    expectHarmless((assignment.json as { description: unknown }).description);

    const quiz = await api(server, ADMIN, 'POST', `/api/v1/courses/${courseId}/quizzes`, { quiz: { title: 'Q', description: HOSTILE } });
    expect(quiz.status).toBe(200);
    expectHarmless((quiz.json as { description: unknown }).description);

    const topic = await api(server, ADMIN, 'POST', `/api/v1/courses/${courseId}/discussion_topics`, { title: 'T', message: HOSTILE });
    expect(topic.status).toBe(200);
    expectHarmless((topic.json as { message: unknown }).message);
  });
});
