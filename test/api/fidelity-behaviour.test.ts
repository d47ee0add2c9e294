import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment, createDiscussionTopic, createFile, createQuiz } from '../helpers/content-fixtures.ts';
import { createFixtureGroup } from '../helpers/group-fixtures.ts';
import { createItem, createModule } from '../helpers/module-fixtures.ts';
import { createPage } from '../helpers/page-fixtures.ts';
import { daysFromNow } from '../helpers/planner-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createSubmissionCourse, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

type Json = Record<string, unknown> & { id: number };

/**
 * Issue 33, class 6: what Canvas does behind the JSON. Renaming a module item renames its content
 * (`update_asset_name!`); a page's `student_todo_at` and `student_planner_checkbox` put it on (and take it off) the
 * planner; a one-sided planner window reaches ten years from now; the synchronous group assignment names members
 * by their sortable name.
 */
describe('fidelity: behaviour behind the JSON', () => {
  let server: TestServer;
  let c: SubmissionCourse;
  let base: string;
  let moduleId: number;

  const renameItem = async (fields: Record<string, unknown>, title: string) => {
    const item = (await createItem(server, c.teacher.token, c.id, moduleId, fields)) as Json;
    const res = await api(server, c.teacher.token, 'PUT', `${base}/modules/${moduleId}/items/${item.id}`, { module_item: { title } });
    expect(res.status).toBe(200);
    return res.json as Json;
  };
  const get = async (path: string) => {
    const res = await api(server, c.teacher.token, 'GET', path);
    expect(res.status).toBe(200);
    return res.json as Json;
  };
  const plannerIds = async (token: string, query: string) => {
    const res = await api(server, token, 'GET', `/api/v1/planner/items?per_page=100&${query}`);
    expect(res.status).toBe(200);
    return (res.json as Json[]).map((i) => `${String(i.plannable_type)}:${String(i.plannable_id)}`);
  };

  beforeAll(async () => {
    server = await startTestServer();
    c = await createSubmissionCourse(server, 'Behaviour 101');
    base = `/api/v1/courses/${c.id}`;
    moduleId = ((await createModule(server, c.teacher.token, c.id, { name: 'Week 1' })) as Json).id;
  });
  afterAll(() => server.stop());

  describe('renaming a module item renames its content', () => {
    it('an assignment', async () => {
      const a = (await createAssignment(server, c.teacher.token, c.id, { name: 'Essay' })) as Json;
      await renameItem({ type: 'Assignment', content_id: a.id }, 'Final essay');
      expect((await get(`${base}/assignments/${a.id}`)).name).toBe('Final essay');
    });

    it('a graded quiz and its assignment, an ungraded topic, a file', async () => {
      const quiz = (await createQuiz(server, c.teacher.token, c.id, { title: 'Quiz 1', quiz_type: 'assignment' })) as Json;
      await renameItem({ type: 'Quiz', content_id: quiz.id }, 'Chapter quiz');
      expect((await get(`${base}/quizzes/${quiz.id}`)).title).toBe('Chapter quiz');
      expect((await get(`${base}/assignments/${String(quiz.assignment_id)}`)).name).toBe('Chapter quiz');

      const topic = (await createDiscussionTopic(server, c.teacher.token, c.id, { title: 'Talk' })) as Json;
      await renameItem({ type: 'Discussion', content_id: topic.id }, 'Week 1 talk');
      expect((await get(`${base}/discussion_topics/${topic.id}`)).title).toBe('Week 1 talk');

      const file = (await createFile(server, c.teacher.token, c.id, 'notes.txt')) as Json;
      await renameItem({ type: 'File', content_id: file.id }, 'Lecture notes.txt');
      expect((await get(`/api/v1/files/${file.id}`)).display_name).toBe('Lecture notes.txt');
    });

    it('a page, whose slug follows its title and the item the slug', async () => {
      const page = await createPage(server, c.teacher.token, `${base}/pages`, { title: 'Intro', published: true });
      const item = await renameItem({ type: 'Page', page_url: page.url }, 'Welcome');
      expect(item).toMatchObject({ title: 'Welcome', page_url: 'welcome' });
      expect((await get(`${base}/pages/welcome`)).title).toBe('Welcome');
      // A title a page may not have renames only the item, as Canvas's failed save leaves the page.
      const odd = await api(server, c.teacher.token, 'PUT', `${base}/modules/${moduleId}/items/${item.id}`, { module_item: { title: '---' } });
      expect(odd.status).toBe(200);
      expect((await get(`${base}/pages/welcome`)).title).toBe('Welcome');
    });
  });

  describe('pages on the planner', () => {
    it('student_todo_at puts a page on the planner; student_planner_checkbox=false takes it off', async () => {
      const todo = daysFromNow(2);
      const page = await createPage(server, c.teacher.token, `${base}/pages`, {
        title: 'Read this', published: true, student_planner_checkbox: true, student_todo_at: todo,
      });
      expect(page.todo_date).toBe(todo);
      expect(await plannerIds(c.studentA.token, '')).toContain(`wiki_page:${page.page_id}`);

      const off = await api(server, c.teacher.token, 'PUT', `${base}/pages/${page.url}`, { wiki_page: { student_planner_checkbox: false, student_todo_at: todo } });
      expect(off.status).toBe(200);
      expect((off.json as Json).todo_date).toBeNull();
      expect(await plannerIds(c.studentA.token, '')).not.toContain(`wiki_page:${page.page_id}`);
    });

    it('only those who manage the wiki set a to-do date', async () => {
      const page = await createPage(server, c.teacher.token, `${base}/pages`, { title: 'Shared notes', published: true, editing_roles: 'teachers,students' });
      const res = await api(server, c.studentA.token, 'PUT', `${base}/pages/${page.url}`, { wiki_page: { student_todo_at: daysFromNow(1) } });
      expect(res.status).toBe(401);
      // The same student may still edit the body.
      expect((await api(server, c.studentA.token, 'PUT', `${base}/pages/${page.url}`, { wiki_page: { body: '<p>mine</p>' } })).status).toBe(200);
    });
  });

  it('a one-sided planner window reaches ten years from now, not from the date given', async () => {
    const far = (await createAssignment(server, c.teacher.token, c.id, { name: 'Far', published: true, due_at: daysFromNow(6 * 365) })) as Json;
    const old = (await createAssignment(server, c.teacher.token, c.id, { name: 'Old', published: true, due_at: daysFromNow(-6 * 365) })) as Json;
    expect(await plannerIds(c.studentA.token, `start_date=${daysFromNow(-5 * 365).slice(0, 10)}`)).toContain(`assignment:${far.id}`);
    expect(await plannerIds(c.studentA.token, `end_date=${daysFromNow(5 * 365).slice(0, 10)}`)).toContain(`assignment:${old.id}`);
  });

  it('assign_unassigned_members with sync=true names each new member by their sortable name', async () => {
    const made = await api(server, c.teacher.token, 'POST', `${base}/group_categories`, { name: 'Pairs' });
    const categoryId = (made.json as Json).id;
    await createFixtureGroup(server, categoryId);
    const res = await api(server, c.teacher.token, 'POST', `/api/v1/group_categories/${categoryId}/assign_unassigned_members`, { sync: true });
    expect(res.status).toBe(200);
    const members = (res.json as { new_members: Json[] }[]).flatMap((g) => g.new_members);
    expect(members.find((m) => m.user_id === c.studentA.id)).toMatchObject({ name: 'Student, Amy', display_name: 'Amy Student' });
  });
});
