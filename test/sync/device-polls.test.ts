import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/contracts/session-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createChoice, createPoll, createSession, type Json } from '../helpers/poll-fixtures.ts';
import { restartTestServer, startTestServer, type TestServer } from '../helpers/server.ts';
import { eventually, startDeviceOf } from '../helpers/sync-fixtures.ts';

type Session = Json & { poll_submissions: Json[]; results?: Record<string, number>; has_submitted: boolean };

/**
 * Polls on a student's device synced from a hub: the polls and choices the poll API shows the student arrive (the
 * author's other polls do not), the student answers offline, and the answer is replayed through the poll route.
 */
describe('polls on a synced student device', () => {
  let hub: TestServer;
  let device: TestServer;
  let token: string;
  let course: RosterCourse;
  let poll: Json;
  let right: Json;
  let wrong: Json;
  let open: Json;
  let closing: Json;
  let unrun: Json;

  beforeAll(async () => {
    hub = await startTestServer();
    course = await createRosterCourse(hub, 'Polls offline');
    const teacher = course.teacher.token;
    poll = await createPoll(hub, teacher, { question: 'Which planet is largest?' });
    right = await createChoice(hub, teacher, poll.id, { text: 'Jupiter', is_correct: true });
    wrong = await createChoice(hub, teacher, poll.id, { text: 'Mars' });
    open = await createSession(hub, teacher, poll.id, { course_id: course.id });
    closing = await createSession(hub, teacher, poll.id, { course_id: course.id });
    for (const session of [open, closing]) expect((await api(hub, teacher, 'GET', `/api/v1/polls/${String(poll.id)}/poll_sessions/${String(session.id)}/open`)).status).toBe(200);
    // The teacher's poll that runs nowhere: the API shows it to no student.
    unrun = await createPoll(hub, teacher, { question: 'Not asked yet' });
    await createChoice(hub, teacher, unrun.id, { text: 'Draft choice' });
    ({ device, token } = await startDeviceOf(hub, course.studentA));
  });
  afterAll(async () => {
    await device?.stop();
    await hub?.stop();
  });

  const sessionPath = (session: Json) => `/api/v1/polls/${String(poll.id)}/poll_sessions/${String(session.id)}`;
  const sessionOn = async (server: TestServer, who: string, session: Json) => {
    const res = await api(server, who, 'GET', sessionPath(session));
    expect(res.status).toBe(200);
    return (res.json as { poll_sessions: Session[] }).poll_sessions[0]!;
  };
  const answer = (server: TestServer, who: string, session: Json, choice: Json) =>
    api(server, who, 'POST', `${sessionPath(session)}/poll_submissions`, { poll_submissions: [{ poll_choice_id: choice.id }] });
  const status = async () => (await api(device, token, 'GET', '/api/v1/sync/status')).json as SyncStatus;
  const pollChoices = async () => {
    const res = await api(device, token, 'GET', `/api/v1/polls/${String(poll.id)}/poll_choices`);
    return res.status === 200 ? (res.json as { poll_choices: Json[] }).poll_choices : undefined;
  };

  it('receives the polls running in the course, with choices as the API shows them, and not the author’s others', async () => {
    const { repos } = device.core.services;
    const choices = await eventually(async () => ((await pollChoices())?.length === 2 ? pollChoices() : undefined), 'the poll’s choices on the device');
    expect(choices!.map((c) => c.text)).toEqual(['Jupiter', 'Mars']);
    // The student has not answered a closed session: the API shows no correct answer, and the device holds none.
    expect(choices!.every((c) => !('is_correct' in c))).toBe(true);
    expect((await repos.pollChoices.get(right.id as number))?.data.is_correct).toBe(false);
    const shown = await api(device, token, 'GET', `/api/v1/polls/${String(poll.id)}`);
    expect(shown.json).toEqual({ polls: [expect.objectContaining({ question: 'Which planet is largest?' })] });

    expect(await repos.polls.get(unrun.id as number)).toBeUndefined();
    expect(await repos.pollChoices.find({ parent_id: unrun.id as number })).toEqual([]);
    // The hub's own API agrees: the student may not read the poll that runs nowhere.
    expect((await api(hub, course.studentA.token, 'GET', `/api/v1/polls/${String(unrun.id)}`)).status).toBe(401);
  });

  it('answers offline; the answer reaches the hub through the poll route, and one to a session closed meanwhile is refused', async () => {
    const hubPort = hub.port;
    await hub.close();
    for (const session of [open, closing]) {
      const res = await answer(device, token, session, session === open ? right : wrong);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    expect((await sessionOn(device, token, open)).has_submitted).toBe(true);

    // The teacher closes the second session on the hub before the device is back.
    hub = await restartTestServer(hub, { port: 0 });
    expect((await api(hub, course.teacher.token, 'GET', `${sessionPath(closing)}/close`)).status).toBe(200);
    hub = await restartTestServer(hub, { port: hubPort });
    const settled = await eventually(async () => {
      const s = await status();
      return s.waiting === 0 && s.refused.length === 1 ? s : undefined;
    }, 'both answers settled', 1200);
    expect(settled.refused[0]).toMatchObject({ status: 401 });

    const onHub = await sessionOn(hub, course.teacher.token, open);
    expect(onHub.poll_submissions).toEqual([expect.objectContaining({ user_id: String(course.studentA.id), poll_choice_id: String(right.id) })]);
    expect((await sessionOn(hub, course.teacher.token, closing)).poll_submissions).toEqual([]);
  });

  it('shows results and everyone’s answers on the device exactly when the API does (has_public_results)', async () => {
    expect((await answer(hub, course.studentB.token, open, wrong)).status).toBe(200);
    const studentBAnswer = `poll_submission:${String(open.id)}:${course.studentB.id}`;
    // Not public: the device shows the student their own answer only, as the hub does.
    const privateView = await sessionOn(hub, course.studentA.token, open);
    expect(privateView.results).toBeUndefined();
    expect(await device.core.services.repos.pollSubmissions.byLookup(studentBAnswer)).toBeUndefined();

    const published = await api(hub, course.teacher.token, 'PUT', sessionPath(open), { poll_sessions: [{ has_public_results: true }] });
    expect(published.status).toBe(200);
    await eventually(() => device.core.services.repos.pollSubmissions.byLookup(studentBAnswer), 'the classmate’s answer on the device');
    const onHub = await sessionOn(hub, course.studentA.token, open);
    // The session (course records) and the answers (course work) replicate on their own: wait for both.
    const onDevice = await eventually(async () => {
      const session = await sessionOn(device, token, open);
      return session.results === undefined ? undefined : session;
    }, 'the public results on the device');
    expect(onHub.results).toEqual({ [String(right.id)]: 1, [String(wrong.id)]: 1 });
    expect(onDevice.results).toEqual(onHub.results);
    expect(onDevice.poll_submissions.map((s) => s.user_id).sort()).toEqual(onHub.poll_submissions.map((s) => s.user_id).sort());
  });

  it('shows the correct choice on the device once a session the student answered has closed', async () => {
    expect((await api(hub, course.teacher.token, 'GET', `${sessionPath(open)}/close`)).status).toBe(200);
    const choices = await eventually(async () => {
      const shown = await pollChoices();
      return shown?.some((c) => c.is_correct === true) ? shown : undefined;
    }, 'the correct choice on the device');
    expect(choices.map((c) => [c.text, c.is_correct])).toEqual([
      ['Jupiter', true],
      ['Mars', false],
    ]);
  });
});
