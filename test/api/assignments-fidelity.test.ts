import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api-fixtures.ts';
import { createFixtureCourse } from '../helpers/course-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createItem, createPublishedModule, createUrlItem, type Json } from '../helpers/module-fixtures.ts';
import { formApi } from '../helpers/poll-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createGradedAssignment, createSubmissionCourse, submitText, type SubmissionCourse } from '../helpers/submission-fixtures.ts';

const ADMIN_TOKEN = 'assignments-fidelity-admin';
const DAY = 24 * 3600 * 1000;
const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('assignments as Canvas clients call them', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ adminToken: ADMIN_TOKEN });
  });
  afterAll(() => server.stop());

  describe('include[]=submission, overrides, all_dates', () => {
    let course: SubmissionCourse;
    let base: string;
    let handedIn: Json;
    let open: Json;

    beforeAll(async () => {
      course = await createSubmissionCourse(server);
      base = `/api/v1/courses/${course.id}/assignments`;
      handedIn = await createGradedAssignment(server, course, { name: 'Handed in' });
      open = await createGradedAssignment(server, course, { name: 'Open' });
      await submitText(server, course.studentA.token, course.id, handedIn.id, '<p>done</p>');
    });

    it("embeds the caller's own submission in the list and in one assignment, an unsubmitted one included", async () => {
      const listed = await api(server, course.studentA.token, 'GET', `${base}?include[]=submission`);
      expect(listed.status).toBe(200);
      const byName = new Map((listed.json as Json[]).map((a) => [a.name, a.submission as Json]));
      expect(byName.get('Handed in')).toMatchObject({ assignment_id: handedIn.id, user_id: course.studentA.id, workflow_state: 'submitted', body: '<p>done</p>', attempt: 1 });
      expect(byName.get('Open')).toMatchObject({ assignment_id: open.id, user_id: course.studentA.id, workflow_state: 'unsubmitted', attempt: null });
      expect(typeof byName.get('Open')!.id).toBe('number');

      const one = await api(server, course.studentA.token, 'GET', `${base}/${handedIn.id}?include[]=submission`);
      expect(one.json).toMatchObject({ id: handedIn.id, submission: { user_id: course.studentA.id, workflow_state: 'submitted' } });
      // Without the include there is no submission; a teacher has none of their own.
      expect((await api(server, course.studentA.token, 'GET', `${base}/${handedIn.id}`)).json).not.toHaveProperty('submission');
      expect((await api(server, course.teacher.token, 'GET', `${base}/${handedIn.id}?include[]=submission`)).json).not.toHaveProperty('submission');
    });

    it('overrides are an empty list and all_dates the base dates (Outpost has no overrides)', async () => {
      const res = await api(server, course.studentA.token, 'GET', `${base}/${open.id}?include[]=overrides&include[]=all_dates`);
      expect(res.json).toMatchObject({
        has_overrides: false,
        overrides: [],
        all_dates: [{ base: true, title: 'Everyone', due_at: null, unlock_at: null, lock_at: null }],
      });
    });
  });

  describe('locks', () => {
    let course: SubmissionCourse;
    let base: string;

    beforeAll(async () => {
      course = await createSubmissionCourse(server);
      base = `/api/v1/courses/${course.id}/assignments`;
    });

    it('an assignment in a module whose prerequisite is not completed is locked for the student (no description), not the teacher', async () => {
      const first = await createPublishedModule(server, course.teacher.token, course.id, { name: 'Start here' });
      await createUrlItem(server, course.teacher.token, course.id, first.id, { completion_requirement: { type: 'must_view' } });
      const gated = await createPublishedModule(server, course.teacher.token, course.id, { name: 'Gated', prerequisite_module_ids: [first.id] });
      const assignment = await createGradedAssignment(server, course, { name: 'Behind the gate', description: '<p>The task</p>' });
      await createItem(server, course.teacher.token, course.id, gated.id, { type: 'Assignment', content_id: assignment.id });

      const seen = (await api(server, course.studentA.token, 'GET', `${base}/${assignment.id}`)).json as Json;
      expect(seen).toMatchObject({
        locked_for_user: true,
        lock_info: { asset_string: `assignment_${assignment.id}`, context_module: { id: gated.id, name: 'Gated', prerequisites: [{ id: first.id, type: 'context_module' }] } },
        lock_explanation: "This assignment hasn't been unlocked yet. It is part of the module Gated.",
        // Withheld like a locked page's body (domain/content-visibility.ts); the sync pull withholds the same.
        description: null,
      });
      const listed = (await api(server, course.studentA.token, 'GET', `${base}?per_page=100`)).json as Json[];
      expect(listed.find((a) => a.id === assignment.id)).toMatchObject({ locked_for_user: true, lock_info: { context_module: { id: gated.id } } });
      const teacher = (await api(server, course.teacher.token, 'GET', `${base}/${assignment.id}`)).json as Json;
      expect(teacher).toMatchObject({ locked_for_user: false, description: '<p>The task</p>' });
      expect(teacher).not.toHaveProperty('lock_info');
      expect(teacher).not.toHaveProperty('lock_explanation');
    });

    it('sequential progress locks the items after an unmet requirement; a future module unlock_at names its date', async () => {
      const sequential = await createPublishedModule(server, course.teacher.token, course.id, { name: 'In order', require_sequential_progress: true });
      const firstStep = await createGradedAssignment(server, course, { name: 'Step 1' });
      const secondStep = await createGradedAssignment(server, course, { name: 'Step 2' });
      await createItem(server, course.teacher.token, course.id, sequential.id, { type: 'Assignment', content_id: firstStep.id, completion_requirement: { type: 'must_submit' } });
      await createItem(server, course.teacher.token, course.id, sequential.id, { type: 'Assignment', content_id: secondStep.id });
      const later = isoIn(30 * DAY);
      const dated = await createPublishedModule(server, course.teacher.token, course.id, { name: 'Next month', unlock_at: later });
      const waiting = await createGradedAssignment(server, course, { name: 'Waiting' });
      await createItem(server, course.teacher.token, course.id, dated.id, { type: 'Assignment', content_id: waiting.id });

      const get = async (id: number) => (await api(server, course.studentB.token, 'GET', `${base}/${id}`)).json as Json;
      expect((await get(firstStep.id)).locked_for_user).toBe(false);
      expect(await get(secondStep.id)).toMatchObject({ locked_for_user: true, lock_info: { context_module: { id: sequential.id } } });
      expect(await get(waiting.id)).toMatchObject({
        locked_for_user: true,
        lock_info: { unlock_at: later, context_module: { id: dated.id } },
        lock_explanation: `This assignment is locked until ${later}.`,
      });
      // Submitting step 1 meets its requirement and opens step 2.
      await submitText(server, course.studentB.token, course.id, firstStep.id);
      expect((await get(secondStep.id)).locked_for_user).toBe(false);
    });

    it("the assignment's own dates lock it outside any module", async () => {
      const opens = isoIn(5 * DAY);
      const notYet = await createGradedAssignment(server, course, { name: 'Not yet', unlock_at: opens });
      const closed = isoIn(-DAY);
      const over = await createGradedAssignment(server, course, { name: 'Over', lock_at: closed, due_at: isoIn(-2 * DAY) });
      expect((await api(server, course.studentA.token, 'GET', `${base}/${notYet.id}`)).json).toMatchObject({
        locked_for_user: true,
        lock_info: { asset_string: `assignment_${notYet.id}`, unlock_at: opens },
        lock_explanation: `This assignment is locked until ${opens}.`,
      });
      expect((await api(server, course.studentA.token, 'GET', `${base}/${over.id}`)).json).toMatchObject({
        locked_for_user: true,
        lock_info: { lock_at: closed },
        lock_explanation: `This assignment was locked ${closed}.`,
      });
    });
  });

  describe('bucket=', () => {
    let course: SubmissionCourse;
    let path: string;

    beforeAll(async () => {
      course = await createSubmissionCourse(server);
      path = `/api/v1/courses/${course.id}/assignments`;
      const make = (name: string, fields: Record<string, unknown>) => createGradedAssignment(server, course, { name, ...fields });
      const pastMissed = await make('Past, missed', { due_at: isoIn(-2 * DAY) });
      const pastDone = await make('Past, handed in', { due_at: isoIn(-2 * DAY) });
      await make('Past, on paper', { due_at: isoIn(-2 * DAY), submission_types: ['on_paper'] });
      await make('Due soon', { due_at: isoIn(2 * DAY) });
      await make('Due later', { due_at: isoIn(30 * DAY) });
      await make('No date', {});
      await submitText(server, course.studentA.token, course.id, pastDone.id);
      expect(pastMissed.id).toBeGreaterThan(0);
    });

    const names = async (token: string, bucket: string) => {
      const res = await api(server, token, 'GET', `${path}?bucket=${bucket}&per_page=100`);
      expect(res.status).toBe(200);
      return (res.json as Json[]).map((a) => a.name).sort();
    };

    it('dates: past, undated, upcoming (the coming week) and future (not past, undated included)', async () => {
      const token = course.studentA.token;
      expect(await names(token, 'past')).toEqual(['Past, handed in', 'Past, missed', 'Past, on paper']);
      expect(await names(token, 'undated')).toEqual(['No date']);
      expect(await names(token, 'upcoming')).toEqual(['Due soon']);
      expect(await names(token, 'future')).toEqual(['Due later', 'Due soon', 'No date']);
    });

    it("overdue: past work expecting a submission the caller has not handed in; a student's ungraded and unsubmitted are empty", async () => {
      expect(await names(course.studentA.token, 'overdue')).toEqual(['Past, missed']);
      expect(await names(course.studentB.token, 'overdue')).toEqual(['Past, handed in', 'Past, missed']);
      expect(await names(course.teacher.token, 'overdue')).toEqual([]);
      expect(await names(course.studentA.token, 'ungraded')).toEqual([]);
      expect(await names(course.studentA.token, 'unsubmitted')).toEqual([]);
    });

    it('ungraded: work waiting for the grader; unsubmitted: for a grader, every assignment expecting submissions', async () => {
      expect(await names(course.teacher.token, 'ungraded')).toEqual(['Past, handed in']);
      expect(await names(course.teacher.token, 'unsubmitted')).toEqual(['Due later', 'Due soon', 'No date', 'Past, handed in', 'Past, missed']);
      const bad = await api(server, course.teacher.token, 'GET', `${path}?bucket=someday`);
      expect(bad.status).toBe(400);
      expect(bad.json).toEqual({ errors: { bucket: [{ attribute: 'bucket', type: 'inclusion', message: 'is not included in the list' }] } });
    });
  });

  describe('due dates sent as a bare date', () => {
    it("mean 23:59:59 that day in the course's time zone, in form and JSON bodies, for assignments and graded topics", async () => {
      const course = await createFixtureCourse(server, { name: 'Mountain time', time_zone: 'America/Denver' });
      const base = `/api/v1/courses/${course.id}/assignments`;
      const form = await formApi(server, ADMIN_TOKEN, 'POST', base, 'assignment[name]=Winter+essay&assignment[due_at]=2026-12-01');
      expect(form.status).toBe(200);
      expect((form.json as Json).due_at).toBe('2026-12-02T06:59:59Z');
      // Summer time: Denver is UTC-6 in July.
      const json = await api(server, ADMIN_TOKEN, 'PUT', `${base}/${(form.json as Json).id}`, { assignment: { due_at: '2026-07-01' } });
      expect((json.json as Json).due_at).toBe('2026-07-02T05:59:59Z');
      // A full timestamp is taken as given.
      const exact = await api(server, ADMIN_TOKEN, 'POST', base, { assignment: { name: 'Exact', due_at: '2026-12-01T10:00:00Z' } });
      expect((exact.json as Json).due_at).toBe('2026-12-01T10:00:00Z');
      const topic = await formApi(server, ADMIN_TOKEN, 'POST', `/api/v1/courses/${course.id}/discussion_topics`,
        'title=Graded&assignment[points_possible]=5&assignment[due_at]=2026-12-01');
      expect(topic.status).toBe(200);
      const graded = await api(server, ADMIN_TOKEN, 'GET', `${base}/${(topic.json as Json).assignment_id as number}`);
      expect((graded.json as Json).due_at).toBe('2026-12-02T06:59:59Z');

      const utc = await createFixtureCourse(server, { name: 'UTC course' });
      const inUtc = await createAssignment(server, ADMIN_TOKEN, utc.id, { due_at: '2026-12-01' });
      expect(inUtc.due_at).toBe('2026-12-01T23:59:59Z');
    });
  });

  describe('unpublishing', () => {
    it("is refused with Canvas's 400 once a student has submitted, and nothing changes; allowed before", async () => {
      const course = await createSubmissionCourse(server);
      const base = `/api/v1/courses/${course.id}/assignments`;
      const quiet = await createGradedAssignment(server, course, { name: 'Nobody submitted' });
      expect(quiet.unpublishable).toBe(true);
      const unpublished = await formApi(server, course.teacher.token, 'PUT', `${base}/${quiet.id}`, 'assignment[published]=false');
      expect(unpublished.json).toMatchObject({ published: false, workflow_state: 'unpublished' });

      const busy = await createGradedAssignment(server, course, { name: 'Submitted to' });
      await submitText(server, course.studentA.token, course.id, busy.id);
      expect(((await api(server, course.teacher.token, 'GET', `${base}/${busy.id}`)).json as Json).unpublishable).toBe(false);
      const message = "Can't unpublish if there are student submissions";
      const refused = await formApi(server, course.teacher.token, 'PUT', `${base}/${busy.id}`, 'assignment[published]=false&assignment[name]=Renamed');
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({ errors: { workflow_state: [{ attribute: 'workflow_state', type: message, message }] } });
      const refusedJson = await api(server, course.teacher.token, 'PUT', `${base}/${busy.id}`, { assignment: { published: false } });
      expect(refusedJson.status).toBe(400);
      expect((await api(server, course.teacher.token, 'GET', `${base}/${busy.id}`)).json).toMatchObject({ name: 'Submitted to', published: true });

      // Unpublishing its module item changes the item and leaves the assignment published, as Canvas's content tags do.
      const module = await createPublishedModule(server, course.teacher.token, course.id);
      const item = await createItem(server, course.teacher.token, course.id, module.id, { type: 'Assignment', content_id: busy.id });
      const hidden = await api(server, course.teacher.token, 'PUT', `/api/v1/courses/${course.id}/modules/${module.id}/items/${item.id}`, { module_item: { published: false } });
      expect(hidden.json).toMatchObject({ published: false });
      expect((await api(server, course.teacher.token, 'GET', `${base}/${busy.id}`)).json).toMatchObject({ published: true });
    });
  });
});
