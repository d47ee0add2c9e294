import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_IDS } from '../../src/server/domain/permissions/index.ts';
import { api, createFixtureUser } from '../helpers/api-fixtures.ts';
import { createFixtureCourse, enrollFixtureUser, expectInvalidToken, expectNotFound, expectUnauthorized } from '../helpers/course-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createFixtureSubAccount, setRolePermissions } from '../helpers/role-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

type Conversation = {
  id: number;
  subject: string | null;
  workflow_state: string;
  starred: boolean;
  private: boolean;
  audience: number[];
  participants: { id: number }[];
  message_count: number;
  last_message: string | null;
  context_code: string | null;
  messages?: { id: number; body: string; author_id: number }[];
};

const ADMIN = 'conversations-admin';

describe('conversations API', () => {
  let server: TestServer;
  let course: RosterCourse;
  const post = (token: string, body: Record<string, unknown>) => api(server, token, 'POST', '/api/v1/conversations', body);
  const send = async (token: string, recipients: (string | number)[], body: string, extra: Record<string, unknown> = {}) => {
    const res = await post(token, { recipients: recipients.map(String), body, ...extra });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json as Conversation[];
  };
  const inbox = async (token: string, query = '') => {
    const res = await api(server, token, 'GET', `/api/v1/conversations?per_page=100&${query}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as Conversation[];
  };
  const unread = async (token: string) => ((await api(server, token, 'GET', '/api/v1/conversations/unread_count')).json as { unread_count: string }).unread_count;
  const show = (token: string, id: number) => api(server, token, 'GET', `/api/v1/conversations/${id}`);

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN });
    course = await createRosterCourse(server, 'Inbox 1');
  });
  afterAll(() => server.stop());

  it('401 without a token; 400 without recipients or body, or with a malformed recipient', async () => {
    for (const [method, path] of [['GET', '/api/v1/conversations'], ['POST', '/api/v1/conversations'], ['GET', '/api/v1/conversations/1'], ['GET', '/api/v1/search/recipients']] as const) {
      expectInvalidToken(await api(server, undefined, method, path));
    }
    for (const body of [{ body: 'Hi' }, { recipients: [String(course.teacher.id)] }, { recipients: [String(course.teacher.id)], body: '  ' }, { recipients: ['teacher'], body: 'Hi' }]) {
      expect((await post(course.studentA.token, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('a student writes to their teacher: a private conversation, unread for the teacher until opened; replies flip it', async () => {
    const [sent] = await send(course.studentA.token, [course.teacher.id], 'When is the test?', { subject: 'Test' });
    expect(sent).toMatchObject({ subject: 'Test', private: true, workflow_state: 'read', audience: [course.teacher.id], message_count: 1 });
    expect(sent!.messages).toEqual([expect.objectContaining({ body: 'When is the test?', author_id: course.studentA.id })]);
    expect(await unread(course.teacher.token)).toBe('1');
    const [forTeacher] = await inbox(course.teacher.token, 'scope=unread');
    expect(forTeacher).toMatchObject({ id: sent!.id, workflow_state: 'unread', last_message: 'When is the test?' });
    expect((await show(course.teacher.token, sent!.id)).json).toMatchObject({ workflow_state: 'read' });
    expect(await unread(course.teacher.token)).toBe('0');

    const reply = await api(server, course.teacher.token, 'POST', `/api/v1/conversations/${sent!.id}/add_message`, { body: 'Friday.' });
    expect(reply.status).toBe(201);
    expect((reply.json as Conversation).messages!.map((m) => m.body)).toEqual(['Friday.', 'When is the test?']);
    expect(await unread(course.studentA.token)).toBe('1');
    // The same two people write again: the same private conversation.
    const [again] = await send(course.studentA.token, [course.teacher.id], 'Thanks!');
    expect(again!.id).toBe(sent!.id);
    expect(again!.message_count).toBe(3);
  });

  it('only participants see a conversation: 404 for everyone else, on every route', async () => {
    const [c] = await send(course.studentA.token, [course.teacher.id], 'Private matter');
    for (const who of [course.studentB, course.observer, course.ta, course.outsider]) {
      expectNotFound(await show(who.token, c!.id));
      expectNotFound(await api(server, who.token, 'POST', `/api/v1/conversations/${c!.id}/add_message`, { body: 'Me too' }));
      expectNotFound(await api(server, who.token, 'PUT', `/api/v1/conversations/${c!.id}`, { conversation: { starred: true } }));
      expect((await inbox(who.token)).map((x) => x.id)).not.toContain(c!.id);
    }
  });

  it('who may message whom: classmates and staff for students, only their students’ teachers for observers, nobody outside', async () => {
    await send(course.studentA.token, [course.studentB.id], 'Study group?');
    await send(course.observer.token, [course.teacher.id], 'How is Amy doing?');
    expectUnauthorized(await post(course.observer.token, { recipients: [String(course.studentB.id)], body: 'Hi' }));
    expectUnauthorized(await post(course.outsider.token, { recipients: [String(course.teacher.id)], body: 'Hi' }));
    expectUnauthorized(await post(course.studentA.token, { recipients: [`course_${course.id}`], body: 'Hi all' }));
    // One recipient out of reach refuses the whole message.
    expectUnauthorized(await post(course.studentA.token, { recipients: [String(course.teacher.id), String(course.outsider.id)], body: 'Hi' }));

    const search = async (token: string, query = '') => ((await api(server, token, 'GET', `/api/v1/search/recipients?per_page=100&${query}`)).json as { id: number | string; type: string }[]).map((r) => r.id);
    const forStudent = await search(course.studentA.token, 'type=user');
    expect(forStudent).toEqual(expect.arrayContaining([course.teacher.id, course.ta.id, course.studentB.id, course.observer.id]));
    expect(forStudent).not.toContain(course.studentA.id);
    expect((await search(course.observer.token)).sort()).toEqual([course.teacher.id, course.ta.id].sort());
    expect(await search(course.outsider.token)).toEqual([]);
    expect(await search(course.teacher.token, 'type=context')).toEqual([`course_${course.id}`]);
    expect(await search(course.teacher.token, `context=course_${course.id}_students`)).toEqual(expect.arrayContaining([course.studentA.id, course.studentB.id]));
    expect(await search(course.teacher.token, 'search=ben')).toEqual([course.studentB.id]);
  });

  it('a course without student messaging: students reach only the staff', async () => {
    const accountId = await createFixtureSubAccount(server, server.core.services.installation.root_account_id, 'Quiet school');
    await setRolePermissions(server, ADMIN, accountId, BUILT_IN_ROLE_IDS.StudentEnrollment, { send_messages: { explicit: true, enabled: false } });
    const quiet = await createFixtureCourse(server, { name: 'Quiet', accountId });
    const [teacher, amy, ben] = await Promise.all(['Quiet Teacher', 'Quiet Amy', 'Quiet Ben'].map((n) => createFixtureUser(server, n)));
    await enrollFixtureUser(server, quiet.id, teacher!.id, 'TeacherEnrollment');
    for (const s of [amy!, ben!]) await enrollFixtureUser(server, quiet.id, s.id, 'StudentEnrollment');
    expectUnauthorized(await post(amy!.token, { recipients: [String(ben!.id)], body: 'Psst' }));
    await send(amy!.token, [teacher!.id], 'Question');
  });

  it('teachers write to the whole course or its students: a group conversation, or with bulk_message one each', async () => {
    const [all] = await send(course.teacher.token, [`course_${course.id}`], 'Welcome all', { group_conversation: true, subject: 'Hello' });
    expect(all).toMatchObject({ private: false, context_code: `course_${course.id}` });
    expect(all!.audience.sort()).toEqual([course.ta.id, course.designer.id, course.studentA.id, course.studentB.id, course.observer.id].sort());
    const students = await send(course.teacher.token, [`course_${course.id}_students`], 'Homework', { group_conversation: true, bulk_message: true });
    expect(students.map((c) => c.audience)).toEqual(expect.arrayContaining([[course.studentA.id], [course.studentB.id]]));
    expect(students).toHaveLength(2);
    // Without group_conversation, several recipients get a private conversation each.
    const privates = await send(course.teacher.token, [course.studentA.id, course.studentB.id], 'Separately');
    expect(privates.map((c) => c.private)).toEqual([true, true]);
    expect((await inbox(course.studentB.token, `filter[]=course_${course.id}`)).map((c) => c.id)).toContain(all!.id);
    expect((await inbox(course.studentB.token, `filter[]=user_${course.studentA.id}`)).every((c) => c.audience.includes(course.studentA.id))).toBe(true);
  });

  it('add_recipients: newcomers see the earlier messages; a private conversation refuses (400)', async () => {
    const [group] = await send(course.teacher.token, [course.studentA.id, course.ta.id], 'Project kickoff', { group_conversation: true });
    const added = await api(server, course.teacher.token, 'POST', `/api/v1/conversations/${group!.id}/add_recipients`, { recipients: [String(course.studentB.id)] });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect((await show(course.studentB.token, group!.id)).json).toMatchObject({ messages: [expect.objectContaining({ body: 'Project kickoff' })] });
    const [priv] = await send(course.teacher.token, [course.designer.id], 'Just us');
    expect((await api(server, course.teacher.token, 'POST', `/api/v1/conversations/${priv!.id}/add_recipients`, { recipients: [String(course.ta.id)] })).status).toBe(400);
    expectUnauthorized(await api(server, course.studentA.token, 'POST', `/api/v1/conversations/${group!.id}/add_recipients`, { recipients: [String(course.outsider.id)] }));
  });

  it('scopes, stars, archive, remove_messages and delete are the caller’s own', async () => {
    const [c] = await send(course.designer.token, [course.studentB.id, course.studentA.id], 'Design review', { group_conversation: true });
    const path = `/api/v1/conversations/${c!.id}`;
    expect((await api(server, course.studentB.token, 'PUT', path, { conversation: { starred: true, workflow_state: 'archived' } })).json).toMatchObject({ starred: true, workflow_state: 'archived' });
    expect((await inbox(course.studentB.token, 'scope=starred')).map((x) => x.id)).toContain(c!.id);
    expect((await inbox(course.studentB.token, 'scope=archived')).map((x) => x.id)).toContain(c!.id);
    expect((await inbox(course.studentB.token)).map((x) => x.id)).not.toContain(c!.id);
    expect((await inbox(course.studentA.token, 'scope=starred')).map((x) => x.id)).not.toContain(c!.id);
    expect((await inbox(course.designer.token, 'scope=sent')).map((x) => x.id)).toContain(c!.id);
    expect((await inbox(course.studentB.token, 'scope=sent')).map((x) => x.id)).not.toContain(c!.id);
    expect((await api(server, course.studentB.token, 'PUT', path, { conversation: { workflow_state: 'gone' } })).status).toBe(400);

    const message = ((await show(course.studentA.token, c!.id)).json as Conversation).messages![0]!;
    const removed = await api(server, course.studentA.token, 'POST', `${path}/remove_messages`, { remove: [String(message.id)] });
    expect((removed.json as Conversation).messages).toEqual([]);
    expect(((await show(course.studentB.token, c!.id)).json as Conversation).messages).toHaveLength(1);

    // Deleted for the student; the designer's next message brings it back with that message only.
    expect((await api(server, course.studentB.token, 'DELETE', path)).status).toBe(200);
    expect((await inbox(course.studentB.token, 'scope=archived')).map((x) => x.id)).not.toContain(c!.id);
    await api(server, course.designer.token, 'POST', `${path}/add_message`, { body: 'Round two' });
    expect(((await show(course.studentB.token, c!.id)).json as Conversation).messages!.map((m) => m.body)).toEqual(['Round two']);
  });

  it('batch PUT /conversations applies one event to several; an id not the caller’s is 404 and nothing changes', async () => {
    const [a] = await send(course.ta.token, [course.studentA.id], 'One');
    const [b] = await send(course.designer.token, [course.studentA.id], 'Two');
    const batch = (ids: number[], event: string) => api(server, course.studentA.token, 'PUT', '/api/v1/conversations', { conversation_ids: ids.map(String), event });
    const before = Number(await unread(course.studentA.token));
    expect((await batch([a!.id, b!.id], 'mark_as_read')).status).toBe(200);
    expect(Number(await unread(course.studentA.token))).toBe(before - 2);
    expect((await inbox(course.studentA.token, 'scope=unread')).map((x) => x.id)).not.toContain(a!.id);
    expect((await batch([a!.id, b!.id], 'star')).status).toBe(200);
    const foreign = (await send(course.teacher.token, [course.designer.id], 'Not yours'))[0]!;
    expectNotFound(await batch([a!.id, foreign.id], 'unstar'));
    expect((await inbox(course.studentA.token, 'scope=starred')).map((x) => x.id)).toEqual(expect.arrayContaining([a!.id, b!.id]));
    expect((await batch([a!.id], 'explode')).status).toBe(400);
  });

  it('attachment_ids must be the sender’s own files', async () => {
    const res = await post(course.studentA.token, { recipients: [String(course.teacher.id)], body: 'See file', attachment_ids: ['999999'] });
    expect(res.status).toBe(400);
  });
});
