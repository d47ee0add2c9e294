import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_DECLARATIONS, type RepositoryName } from '../../src/server/domain/declarations/index.ts';
import type { WireRecord } from '../../src/server/sync/sync-partitions.ts';
import { api } from '../helpers/api-fixtures.ts';
import { seedDifferentialCourse, type DifferentialCast } from '../helpers/pull-differential-seed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { pullAll } from '../helpers/sync-fixtures.ts';

type Json = Record<string, unknown>;
interface Who {
  readonly role: string;
  readonly id: number;
  readonly token: string;
}

/** GETs a REST path once per user; a refusal (401, 404) is REST showing that user nothing. */
type Rest = (path: string) => Promise<Json[] | Json | undefined>;

/** A REST field and how the same value is read from the wire record a device pulled. */
type Fields = Readonly<Record<string, (wire: WireRecord) => unknown>>;

/**
 * How one record type is compared: what REST shows the user (by record key), and which REST fields map to which
 * stored fields. `pulled` groups the wire records when REST shows them differently (versions by attempt);
 * `extra` names the records a pull may carry beyond REST's lists, and why.
 */
interface Compared {
  readonly rest: (rest: Rest, courseId: number, cast: DifferentialCast) => Promise<Map<string, Json>>;
  readonly fields: Fields;
  readonly pulled?: (records: readonly WireRecord[]) => Map<string, WireRecord>;
  readonly extra?: (wire: WireRecord) => string | undefined;
  /** What REST shows that is no stored record (a submission not yet made), with the reason. */
  readonly unstored?: (json: Json) => string | undefined;
}

/** A type the differential does not compare, with the reason (its REST view, or why it has none). */
interface NotCompared {
  readonly notCompared: string;
}

const data = (field: string) => (wire: WireRecord) => wire.data[field] ?? null;
const same = (...names: string[]): Fields => Object.fromEntries(names.map((name) => [name, data(name)]));
const list = async (rest: Rest, path: string) => {
  const found = await rest(path);
  return Array.isArray(found) ? found : [];
};
const byKey = (type: string, rows: readonly Json[], id: (row: Json) => unknown = (row) => row.id) => new Map(rows.map((row) => [`${type}:${String(id(row))}`, row]));

/** Every submission REST shows the user, with its comments and history. */
const submissionsOf = (rest: Rest, courseId: number) =>
  list(rest, `/api/v1/courses/${courseId}/students/submissions?student_ids[]=all&include[]=submission_comments&include[]=submission_history&per_page=100`);

/** Every quiz submission REST shows the user: per quiz, a grader's everyone's, a student's their own. */
const quizSubmissionsOf = async (rest: Rest, courseId: number) => {
  const quizzes = await list(rest, `/api/v1/courses/${courseId}/quizzes?per_page=100`);
  const lists = await Promise.all(quizzes.map(async (q) => ((await rest(`/api/v1/courses/${courseId}/quizzes/${String(q.id)}/submissions?per_page=100`)) as Json | undefined)?.quiz_submissions as Json[] | undefined));
  return lists.flatMap((found) => found ?? []);
};

/** The course's live assessments REST shows the user (a JSON API document). */
const liveAssessmentsOf = async (rest: Rest, courseId: number) => (((await rest(`/api/v1/courses/${courseId}/live_assessments`)) as Json | undefined)?.assessments as Json[] | undefined) ?? [];

/**
 * One entry per declared record type (a new type without one fails the test). Wire fields REST never shows anyone
 * are left out of `fields` on purpose: envelope slots and stamps, `never_published` (decision 0097), a page's
 * revision bookkeeping, the stored ids of what a record refers to.
 */
const COMPARISONS: Record<RepositoryName, Compared | NotCompared> = {
  courses: {
    rest: async (rest, courseId) => {
      const course = (await rest(`/api/v1/courses/${courseId}`)) as Json | undefined;
      return course ? byKey('course', [course]) : new Map();
    },
    fields: same('name', 'course_code', 'workflow_state'),
  },
  sections: {
    rest: async (rest, courseId) => byKey('course_section', await list(rest, `/api/v1/courses/${courseId}/sections?per_page=100`)),
    fields: same('name'),
  },
  enrollments: {
    rest: async (rest, courseId) => byKey('enrollment', await list(rest, `/api/v1/courses/${courseId}/enrollments?per_page=100`)),
    fields: same('user_id', 'course_section_id', 'type', 'associated_user_id', 'limit_privileges_to_course_section'),
  },
  users: {
    // The people of the enrollments REST lists the user, and the user themself.
    rest: async (rest, courseId) => {
      const enrollments = await list(rest, `/api/v1/courses/${courseId}/enrollments?per_page=100`);
      const self = (await rest('/api/v1/users/self')) as Json;
      return byKey('user', [self, ...enrollments.map((e) => e.user as Json)]);
    },
    fields: same('name', 'short_name', 'sortable_name'),
    // Whoever may enrol people holds every login of their accounts: what the enrollments POST, naming people by login, answers.
    extra: (wire) => (wire.data.login_id ? 'a login entry for whoever may enrol people (decision 0064)' : undefined),
  },
  assignments: {
    rest: async (rest, courseId) => byKey('assignment', await list(rest, `/api/v1/courses/${courseId}/assignments?per_page=100`)),
    fields: { ...same('name', 'description', 'points_possible', 'due_at', 'unlock_at', 'muted'), published: (w) => w.data.workflow_state === 'published' },
  },
  assignmentGroups: {
    rest: async (rest, courseId) => byKey('assignment_group', await list(rest, `/api/v1/courses/${courseId}/assignment_groups?per_page=100`)),
    fields: same('name', 'position'),
  },
  quizzes: {
    rest: async (rest, courseId) => byKey('quiz', await list(rest, `/api/v1/courses/${courseId}/quizzes?per_page=100`)),
    fields: { ...same('title'), published: (w) => w.data.workflow_state === 'published' },
  },
  discussionTopics: {
    rest: async (rest, courseId) => byKey('discussion_topic', await list(rest, `/api/v1/courses/${courseId}/discussion_topics?per_page=100`)),
    fields: same('title', 'message'),
  },
  wikiPages: {
    // The list leaves bodies out: each listed page is read whole.
    rest: async (rest, courseId) => {
      const listed = await list(rest, `/api/v1/courses/${courseId}/pages?per_page=100`);
      const pages = await Promise.all(listed.map(async (p) => (await rest(`/api/v1/courses/${courseId}/pages/${String(p.url)}`)) as Json));
      return byKey('wiki_page', pages, (p) => p.page_id);
    },
    fields: same('title', 'body'),
  },
  modules: {
    rest: async (rest, courseId) => byKey('context_module', await list(rest, `/api/v1/courses/${courseId}/modules?per_page=100`)),
    fields: same('name', 'position'),
  },
  moduleItems: {
    rest: async (rest, courseId) => {
      const modules = await list(rest, `/api/v1/courses/${courseId}/modules?include[]=items&per_page=100`);
      return byKey('content_tag', modules.flatMap((m) => (m.items as Json[] | undefined) ?? []));
    },
    fields: same('title', 'module_id', 'position'),
  },
  files: {
    rest: async (rest, courseId) => byKey('attachment', await list(rest, `/api/v1/courses/${courseId}/files?per_page=100`)),
    fields: same('display_name', 'size'),
  },
  submissions: {
    rest: async (rest, courseId) => byKey('submission', await submissionsOf(rest, courseId)),
    // The API lists a student's missing submission, unsubmitted and ungraded, without storing one; so does a device's.
    unstored: (json) => (json.workflow_state === 'unsubmitted' && json.attempt === null && json.score === null ? 'a submission not yet made' : undefined),
    fields: same('user_id', 'assignment_id', 'score', 'grade', 'points_deducted', 'workflow_state', 'body', 'attempt', 'grader_id', 'graded_at', 'excused'),
  },
  submissionComments: {
    rest: async (rest, courseId) => byKey('submission_comment', (await submissionsOf(rest, courseId)).flatMap((s) => s.submission_comments as Json[])),
    fields: same('comment', 'author_id'),
  },
  submissionVersions: {
    // REST shows one history entry per attempt, as last graded; the pull carries every version of it.
    rest: async (rest, courseId) => {
      const entries = (await submissionsOf(rest, courseId)).flatMap((s) => (s.submission_history as Json[]).map((h): Json => ({ ...h, submission_id: s.id })));
      return byKey('version', entries.filter((h) => h.attempt !== null), (h) => `${String(h.submission_id)}@${String(h.attempt)}`);
    },
    pulled: (records) => new Map(records.filter((v) => v.data.attempt !== null).map((v) => [`version:${String(v.data.submission_id)}@${String(v.data.attempt)}`, v])),
    fields: same('score', 'grade', 'workflow_state', 'attempt'),
  },
  accounts: { notCompared: 'the account chain a device needs for its permission checks; REST shows accounts to admins alone' },
  accountUsers: { notCompared: 'the user’s own account roles (owner rule): REST shows them to admins' },
  channels: { notCompared: 'the user’s own communication channels (owner rule)' },
  roles: { notCompared: 'roles of the account chain, read by the device’s permission checks' },
  roleOverrides: { notCompared: 'role overrides of the account chain, read by the device’s permission checks' },
  polls: { notCompared: 'not seeded here: poll visibility is compared in test/sync/device-polls.test.ts' },
  pollChoices: { notCompared: 'not seeded here: see polls' },
  pollSessions: { notCompared: 'not seeded here: see polls' },
  pollSubmissions: { notCompared: 'not seeded here: see polls' },
  quizQuestions: {
    // Editors read the questions API; a taker sees the questions of their attempts, as the attempt shows them.
    rest: async (rest, courseId) => {
      const quizzes = await list(rest, `/api/v1/courses/${courseId}/quizzes?per_page=100`);
      const edited = (await Promise.all(quizzes.map((q) => list(rest, `/api/v1/courses/${courseId}/quizzes/${String(q.id)}/questions?per_page=100`)))).flat();
      const taken = await Promise.all((await quizSubmissionsOf(rest, courseId)).map(async (s) => ((await rest(`/api/v1/quiz_submissions/${String(s.id)}/questions?include[]=quiz_question`)) as Json | undefined)?.quiz_submission_questions as Json[] | undefined));
      return new Map([...byKey('quiz_question', taken.flat().flatMap((q) => (q ? [q.quiz_question as Json] : []))), ...byKey('quiz_question', edited)]);
    },
    // An editor's answers carry Canvas's default empty `comments`; a taker's copy is exactly what the attempt shows.
    fields: { ...same('question_name', 'question_text', 'question_type', 'correct_comments', 'incorrect_comments', 'matching_answer_incorrect_matches'), answers: (w) => (w.data.answers as Json[]).map((a) => ('weight' in a ? { comments: '', ...a } : a)) },
    extra: (wire) => (wire.data.answers_withheld === true ? 'a question of a quiz the user may start, as its attempt would show it: what an offline attempt draws from (decision 0120)' : undefined),
  },
  quizGroups: { notCompared: 'no list in the API: editors read a group by id; a taker’s device holds what drawing needs, without the name (decision 0120)' },
  quizSubmissions: {
    rest: async (rest, courseId) => byKey('quiz_submission', await quizSubmissionsOf(rest, courseId)),
    fields: same('user_id', 'quiz_id', 'attempt', 'workflow_state', 'score', 'kept_score', 'started_at', 'finished_at', 'end_at', 'validation_token'),
    extra: (wire) => (wire.data.workflow_state === 'settings_only' ? 'extensions waiting for a first attempt, which a device’s start needs' : undefined),
  },
  calendarEvents: { notCompared: 'not seeded here: every member sees a course’s live events, as the calendar API; see test/sync/device-comms.test.ts' },
  conversations: { notCompared: 'participants only, as the conversations API (404 to anyone else); compared in test/sync/device-comms.test.ts' },
  conversationMessages: { notCompared: 'with their conversation, to its participants; see conversations' },
  conversationParticipants: { notCompared: 'with their conversation, to its participants; see conversations' },
  discussionEntries: { notCompared: 'moderators only (decision 0064): other members read entries from the hub' },
  fileContents: { notCompared: 'file bytes: travel exactly with their file record, compared above' },
  moduleSettings: { notCompared: 'one per course, no REST view of its own' },
  groupCategories: {
    rest: async (rest, courseId) => byKey('group_category', await list(rest, `/api/v1/courses/${courseId}/group_categories?per_page=100`)),
    fields: same('name'),
  },
  groups: {
    // Each of the course's groups the user may read (a member, or who reads every group).
    rest: async (rest, _courseId, cast) => byKey('group', (await Promise.all(cast.groupIds.map((id) => rest(`/api/v1/groups/${id}`)))).filter((g): g is Json => !!g && !Array.isArray(g))),
    fields: same('name', 'group_category_id'),
  },
  groupMemberships: {
    rest: async (rest, _courseId, cast) => byKey('group_membership', (await Promise.all(cast.groupIds.map((id) => list(rest, `/api/v1/groups/${id}/memberships?per_page=100`)))).flat()),
    fields: same('user_id', 'group_id', 'workflow_state'),
  },
  latePolicies: { notCompared: 'graders only (manage_grades), as its REST route' },
  customColumns: { notCompared: 'graders only (manage_grades), as its REST route' },
  columnData: { notCompared: 'graders only, as its REST route' },
  courseScores: { notCompared: 'graders only: stored totals include unposted grades; REST computes a student’s totals' },
  liveAssessments: {
    rest: async (rest, courseId) => byKey('live_assessment', await liveAssessmentsOf(rest, courseId)),
    fields: same('key', 'title'),
  },
  liveAssessmentResults: {
    rest: async (rest, courseId) => {
      const assessments = await liveAssessmentsOf(rest, courseId);
      const lists = await Promise.all(assessments.map(async (a) => ((await rest(`/api/v1/courses/${courseId}/live_assessments/${String(a.id)}/results`)) as Json | undefined)?.results as Json[] | undefined));
      return byKey('live_assessment_result', lists.flatMap((results) => (results ?? []).map((r) => ({ ...r, user: (r.links as Json).user }))));
    },
    // The JSON API document names the student among its links.
    fields: { passed: data('passed'), user: (w) => String(w.data.user_id) },
  },
  submissionReads: { notCompared: 'the owner’s own read marks, which REST shows only as their `read_status`' },
  peerReviews: {
    rest: async (rest, courseId, cast) => byKey('assessment_request', await list(rest, `/api/v1/courses/${courseId}/assignments/${cast.reviewedAssignment}/peer_reviews`)),
    fields: same('user_id', 'assessor_id', 'workflow_state'),
  },
  moduleProgressions: { notCompared: 'computed by the modules API (`state`), not listed as records' },
  discussionEntryParticipants: { notCompared: 'the owner’s own read marks' },
  discussionTopicParticipants: { notCompared: 'the owner’s own read marks' },
  notificationPolicies: { notCompared: 'the owner’s own, course-less' },
  plannerNotes: { notCompared: 'the owner’s own' },
  plannerOverrides: { notCompared: 'the owner’s own' },
  errorReports: { notCompared: 'the owner’s own' },
  pageRevisions: { notCompared: 'history: page editors only (manage_wiki), as the revisions route' },
  tokens: { notCompared: 'local: never pulled' },
  developerKeys: { notCompared: 'local: never pulled' },
  installation: { notCompared: 'local: never pulled' },
  logins: { notCompared: 'local: never pulled' },
  sessions: { notCompared: 'local: never pulled' },
  hubLink: { notCompared: 'local: never pulled' },
  progress: { notCompared: 'local: never pulled' },
  jobs: { notCompared: 'local: never pulled' },
  exportFiles: { notCompared: 'local: never pulled' },
  exportChunks: { notCompared: 'local: never pulled' },
  gradebookUploads: { notCompared: 'local: never pulled' },
  contentMigrations: { notCompared: 'local: never pulled' },
  calendarFeeds: { notCompared: 'local: never pulled' },
};

describe('pull differential: what a device pulls equals what REST shows its user, field by field (decision 0097)', () => {
  let hub: TestServer;
  let cast: DifferentialCast;
  let cast7: Who[];

  beforeAll(async () => {
    hub = await startTestServer();
    cast = await seedDifferentialCourse(hub);
    const c = cast.course;
    cast7 = [
      { role: 'teacher', ...c.teacher },
      { role: 'ta (section B only)', ...c.ta },
      { role: 'designer', ...c.designer },
      { role: 'student A', ...c.studentA },
      { role: 'student B (other section)', ...c.studentB },
      { role: 'observer of A', ...c.observer },
      { role: 'observer of no one', ...cast.lonely },
    ];
  }, 60_000);
  afterAll(() => hub.stop());

  it('every declared record type has a comparison or a stated reason', () => {
    expect(Object.keys(COMPARISONS).sort()).toEqual(Object.keys(RECORD_DECLARATIONS).sort());
  });

  it('for every role and compared type, the pulled records and fields are REST’s', async () => {
    const mismatches: string[] = [];
    const courseId = cast.course.id;
    for (const who of cast7) {
      const pulled: WireRecord[] = [];
      for (const collection of ['directory', 'course', 'course_user', 'history']) pulled.push(...(await pullAll(hub, who.token, collection)).byKey.values());
      const cache = new Map<string, Promise<Json[] | Json | undefined>>();
      const rest: Rest = (path) => {
        let found = cache.get(path);
        if (!found) {
          found = api(hub, who.token, 'GET', path).then((res) => (res.status === 200 ? (res.json as Json[] | Json) : undefined));
          cache.set(path, found);
        }
        return found;
      };
      // A tombstone says nothing, and never names a record the user could not have held.
      for (const doc of pulled.filter((d) => d._deleted)) {
        if (Object.keys(doc.data).length > 0 || doc.updated_by !== 0 || doc.created_at !== 0 || doc.user_id !== 0) mismatches.push(`${who.role}: tombstone ${doc.key} carries data`);
        if (cast.neverShown.has(doc.key)) mismatches.push(`${who.role}: tombstone for a record never shown to them, ${doc.key}`);
      }
      for (const [name, comparison] of Object.entries(COMPARISONS)) {
        if ('notCompared' in comparison) continue;
        const type = RECORD_DECLARATIONS[name as RepositoryName].type;
        const live = pulled.filter((d) => d.type === type && !d._deleted && (d.course_id === courseId || type === 'user'));
        const mine = comparison.pulled ? comparison.pulled(live) : new Map(live.map((d) => [d.key, d]));
        const shown = await comparison.rest(rest, courseId, cast);
        for (const [key, json] of shown) if (!mine.has(key) && !comparison.unstored?.(json)) mismatches.push(`${who.role}: ${key} shown by REST, not pulled`);
        for (const [key, wire] of mine) {
          const json = shown.get(key);
          if (!json) {
            if (!comparison.extra?.(wire)) mismatches.push(`${who.role}: ${key} pulled, not shown by REST`);
            continue;
          }
          for (const [field, read] of Object.entries(comparison.fields)) {
            const want = json[field] ?? null;
            const got = read(wire);
            if (JSON.stringify(want) !== JSON.stringify(got)) mismatches.push(`${who.role}: ${key}.${field} REST ${JSON.stringify(want)} pulled ${JSON.stringify(got)}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);
});
