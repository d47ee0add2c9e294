import type { Page } from 'playwright-core';
import type { Group, GroupCategory, GroupUser } from '../../src/contracts/group-dtos.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_NAME } from '../../src/server/areas/assignment-groups/default-group.ts';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import { DEMO_FEEDBACK } from '../../src/server/commands/demo-coursework.ts';
import { accentText } from '../../src/renderer/src/i18n/pseudo.ts';
import type { Assignment, CourseModule } from '../../src/contracts/lms-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createChoice, createPoll, createSession } from '../helpers/poll-fixtures.ts';
import { answerQuestions, completeAttempt, createQuizWithQuestions, startAttempt, takeQuiz } from '../helpers/quiz-fixtures.ts';
import { expectCatalogueTextOnly, readScreen, waitForPseudoScreen, type WalkAllowance } from '../helpers/pseudo-walk.ts';
import { startTestServer } from '../helpers/server.ts';
import { UiDemoRig, signIn, watchPageErrors } from '../helpers/ui-demo.ts';
import { UI_WAIT, closeTab, expectNoAxeViolations, openTab } from '../helpers/ui-screens.ts';

/**
 * The pseudo-locale walk (docs/decisions/0103): each screen below, in the pseudo-locale, shows only catalogue text
 * and nothing overflows; and in Arabic the layout is right to left and axe-clean. Every screen joins SCREENS (or
 * STUDENT_SCREENS); the server's own pages (OAuth2 consent and its error page) are walked in oauth-consent.test.ts.
 */
interface WalkedScreen {
  name: string;
  /** The hash path, e.g. `/settings`; `assignmentId` is the demo course's first assignment. */
  path: (courseId: number, assignmentId: number) => string;
  /** CSS selector of what is converted, when only part of the screen is. */
  scope?: string;
  /** What to press once there, for a part that opens on demand (a form behind a button). */
  open?: (page: Page) => Promise<void>;
}

const pressButton = (english: string) => (page: Page) => page.getByRole('button', { name: new RegExp(escapeRegExp(accentText(english)), 'u') }).click();
const chooseRadio = (english: string) => (page: Page) => page.getByRole('radio', { name: new RegExp(escapeRegExp(accentText(english)), 'u') }).check();

/** A poll the walk seeds, open, so its card shows the answer form (student) and the results and Close (teacher). */
const POLL = { question: 'Which gas do plants take in?', choices: ['Oxygen', 'Carbon dioxide'] };
/** A quiz the walk seeds with a question a student answered, so its editor and statistics have everything to show. */
const AUTHORED_QUIZ = { title: 'Cloud check', question: 'Which cloud brings rain?', choices: ['Nimbus', 'Cirrus'] };
/** A conversation the walk seeds, from the student to the teacher. */
const CONVERSATION = { subject: 'About the lab report', body: 'May I hand it in on Monday?' };
/** `Intl` output in the pseudo-locale's English: weekday and month names of the calendar, and times ("9:00 AM"). */
const ENGLISH_CALENDAR_WORDS = /\b(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|August|September|October|November|December|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b|\d{1,2}:\d{2}\s[AP]M/u;
/** Ids the seeded demo only knows once it runs: an assignment taking text or files with peer reviews, and the student's. */
const seeded = { essayId: 0, studentId: 0, quizId: 0 };
/**
 * Two quizzes the walk seeds: one the student turned in (an essay waiting for a grader: the attempts list, the
 * grading view and the student's result) and one whose timed attempt is running (the attempt screen).
 */
const QUIZ = { done: 'Water cycle check', running: 'Biomes check', choices: ['Condensation', 'Evaporation'], matchLeft: 'Desert', matchRight: 'Dry' };
const quizzes = { doneId: 0, doneSubmissionId: 0, runningId: 0 };
/** The first of several buttons whose names start alike (one per gradebook column). */
const pressFirstButton = (english: string) => (page: Page) => page.getByRole('button', { name: new RegExp(escapeRegExp(accentText(english)), 'u') }).first().click();
/** Follows a link named by the demo's own data (a title is not translated), to a screen whose id the path cannot know. */
const followLink = (name: string) => (page: Page) => page.getByRole('link', { name, exact: true }).first().click();

const SCREENS: readonly WalkedScreen[] = [
  { name: 'course list', path: () => '/courses' },
  { name: 'settings (language, hub, notifications, approved integrations)', path: () => '/settings' },
  { name: 'sync details', path: () => '/sync' },
  { name: 'connect to a hub', path: () => '/connect' },
  { name: 'review conflicts', path: () => '/sync/conflicts' },
  { name: 'page not found', path: () => '/no/such/place' },
  { name: 'course people (with the course frame and navigation)', path: (id) => `/courses/${id}/people` },
  { name: 'the Add people form', path: (id) => `/courses/${id}/people`, open: pressButton('Add people') },
  { name: 'course assignments', path: (id) => `/courses/${id}/assignments` },
  { name: 'course pages', path: (id) => `/courses/${id}/pages` },
  { name: 'course discussions', path: (id) => `/courses/${id}/discussions` },
  { name: 'course polls (a poll with its results and Close)', path: (id) => `/courses/${id}/polls` },
  { name: 'gradebook', path: (id) => `/courses/${id}/grades` },
  { name: 'the Set default grade dialog', path: (id) => `/courses/${id}/grades`, open: pressFirstButton('Set default grade for') },
  {
    name: 'the Grade distribution dialog',
    path: (id) => `/courses/${id}/grades`,
    // The same address as the dialog before it, so the screen stays as it was: Escape closes that one first.
    open: async (page) => {
      await page.keyboard.press('Escape');
      await pressFirstButton('Grade distribution for')(page);
    },
  },
  { name: 'grader', path: (id, assignmentId) => `/courses/${id}/assignments/${assignmentId}/grade` },
  {
    name: 'an assignment',
    path: (id) => `/courses/${id}/assignments`,
    open: followLink(DEMO.assignments[0]!.name),
  },
  { name: 'the assignment editor', path: (id) => `/courses/${id}/assignments/new` },
  { name: 'a page', path: (id) => `/courses/${id}/pages/welcome` },
  { name: "a page's revisions", path: (id) => `/courses/${id}/pages/welcome/revisions` },
  { name: 'the page editor', path: (id) => `/courses/${id}/pages/welcome/edit` },
  { name: 'the discussion editor', path: (id) => `/courses/${id}/discussions/new` },
  { name: 'the announcement editor', path: (id) => `/courses/${id}/announcements/new` },
  { name: 'course modules, built (with its recent announcements)', path: (id) => `/courses/${id}/modules` },
  { name: "a module's settings", path: (id) => `/courses/${id}/modules`, open: pressFirstButton('Module settings') },
  { name: 'the Add item form', path: (id) => `/courses/${id}/modules`, open: pressFirstButton('Add item') },
  { name: 'the modules in Student view', path: (id) => `/courses/${id}/modules`, open: pressButton('Student view') },
  { name: 'course groups: a set, its groups, members and leader', path: (id) => `/courses/${id}/groups` },
  { name: 'the New group set form', path: (id) => `/courses/${id}/groups`, open: pressButton('New group set') },
  { name: 'course settings', path: (id) => `/courses/${id}/settings` },
  { name: 'import course content (dates shifted to a new term)', path: (id) => `/courses/${id}/settings/import`, open: chooseRadio('Shift dates to a new term') },
  { name: 'export course content', path: (id) => `/courses/${id}/settings/export` },
  { name: 'import grades', path: (id) => `/courses/${id}/grades/import` },
  { name: 'a quiz (teacher)', path: (id) => `/courses/${id}/quizzes/${quizzes.doneId}` },
  { name: "a quiz's attempts", path: (id) => `/courses/${id}/quizzes/${quizzes.doneId}/attempts` },
  { name: 'grading a quiz attempt', path: (id) => `/courses/${id}/quizzes/${quizzes.doneId}/attempts/${quizzes.doneSubmissionId}` },
  { name: 'course quizzes', path: (id) => `/courses/${id}/quizzes` },
  { name: 'the quiz editor with a new question open', path: (id) => `/courses/${id}/quizzes/new`, open: pressButton('Add question') },
  { name: "a quiz's editor with its questions", path: (id) => `/courses/${id}/quizzes/${seeded.quizId}/edit` },
  { name: "a quiz's statistics", path: (id) => `/courses/${id}/quizzes/${seeded.quizId}/statistics` },
  { name: 'inbox', path: () => '/inbox' },
  { name: 'a conversation', path: () => '/inbox', open: followLink(CONVERSATION.subject) },
  { name: 'a new message', path: () => '/inbox/compose' },
  { name: 'calendar, month', path: () => '/calendar' },
  { name: 'calendar, agenda', path: () => '/calendar', open: pressButton('Agenda') },
  { name: 'a new event', path: () => '/calendar/events/new' },
];

/** What only a student has. */
const STUDENT_SCREENS: readonly WalkedScreen[] = [
  { name: 'to do', path: (id) => `/courses/${id}/todo` },
  { name: 'a new planner note', path: (id) => `/courses/${id}/todo`, open: pressButton('New note') },
  { name: 'course polls (answering one)', path: (id) => `/courses/${id}/polls` },
  { name: 'an assignment’s submission panel (text entry, peer reviews of my work)', path: (id) => `/courses/${id}/assignments/${seeded.essayId}`, scope: '.submission-panel' },
  { name: 'the submission panel’s file upload', path: (id) => `/courses/${id}/assignments/${seeded.essayId}`, scope: '.submission-panel', open: chooseRadio('File upload') },
  // The review screen over the student's own (unsubmitted) work: the same screen and messages, without seeding a second student's attempt.
  { name: 'peer review', path: (id) => `/courses/${id}/assignments/${seeded.essayId}/reviews/${seeded.studentId}` },
  { name: 'grades', path: (id) => `/courses/${id}/grades` },
  // A student has no moderation buttons, so the whole topic is converted: the thread, its replies and the reply box.
  { name: 'a discussion topic', path: (id) => `/courses/${id}/discussions`, open: followLink(DEMO.discussions[0]!.title) },
  { name: 'modules, with requirements to mark as done', path: (id) => `/courses/${id}/modules` },
  { name: 'a quiz with its latest result', path: (id) => `/courses/${id}/quizzes/${quizzes.doneId}` },
  { name: 'a running quiz attempt', path: (id) => `/courses/${id}/quizzes/${quizzes.runningId}/take` },
  { name: 'course quizzes', path: (id) => `/courses/${id}/quizzes` },
  { name: 'calendar (no New event)', path: () => '/calendar' },
  { name: 'grades, a row’s comments read in place', path: (id) => `/courses/${id}/grades`, open: pressFirstButton('comment') },
];

/** Why a module item is locked, as Canvas's API words it (its texts stay as the server sends them, decision 0103). */
const CANVAS_LOCK_EXPLANATION = /This \w+ hasn't been unlocked yet\. It is part of the module [^\n]*\./u;
/** IANA time zone ids (`Africa/Nairobi`, `UTC`): identifiers, the same in every language, listed by course settings. */
const TIME_ZONE_ID = /\b(?:[A-Z][A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+|UTC)\b/u;
const LANGUAGE_NAMES = ['English', 'Español', 'Français', 'العربية', 'Kiswahili', 'en-XA'];
/** `Intl` output in the pseudo-locale, which formats dates as English: "Nov 28, 2026, 5:58 PM". */
const ENGLISH_DATE = /(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}(, \d{1,2}:\d{2}\s[AP]M)?/u;

describe('the pseudo-locale walk and Arabic', () => {
  const rig = new UiDemoRig();
  let allowed: WalkAllowance;

  beforeAll(async () => {
    await rig.start();
    const { teacher, server, courseId } = rig.demo;
    const assignments = (await api(server, teacher.token, 'GET', `/api/v1/courses/${courseId}/assignments?per_page=100`)).json as Assignment[];
    seeded.essayId = assignments.find((a) => a.name === 'Midterm Essay: Energy Transitions')!.id;
    seeded.studentId = rig.demo.student.id;
    const poll = await createPoll(server, teacher.token, { question: POLL.question });
    for (const [i, text] of POLL.choices.entries()) await createChoice(server, teacher.token, poll.id, { text, position: i + 1 });
    const session = await createSession(server, teacher.token, poll.id, { course_id: courseId });
    expect((await api(server, teacher.token, 'GET', `/api/v1/polls/${String(poll.id)}/poll_sessions/${String(session.id)}/open`)).status).toBe(200);
    const course = `/api/v1/courses/${rig.demo.courseId}`;
    // The modules screens show the demo's modules and items by name: data, like the other names below.
    const modules = (await api(rig.demo.server, teacher.token, 'GET', `${course}/modules?include[]=items&per_page=100`)).json as CourseModule[];
    // With a late policy, course settings shows all its fields (and no 404: a course without one answers so).
    const policy = { late_submission_deduction_enabled: true, late_submission_deduction: 10, late_submission_minimum_percent_enabled: true, missing_submission_deduction_enabled: true };
    expect((await api(rig.demo.server, teacher.token, 'POST', `${course}/late_policy`, { late_policy: policy })).status).toBe(201);
    const groupNames = await seedGroupSet(course, teacher.token);
    await seedQuizzes();
    const quiz = await createQuizWithQuestions(rig.demo.server, { id: courseId, teacher }, [
      { question_type: 'multiple_choice_question', question_text: AUTHORED_QUIZ.question, points_possible: 1, answers: AUTHORED_QUIZ.choices.map((answer_text, i) => ({ answer_text, answer_weight: i === 0 ? 100 : 0 })) },
    ], { title: AUTHORED_QUIZ.title });
    seeded.quizId = quiz.quiz.id;
    const [question] = quiz.questions as Array<{ id: number; answers: Array<{ id: number }> }>;
    await takeQuiz(rig.demo.server, rig.demo.student.token, courseId, quiz.quiz.id, [{ id: question!.id, answer: question!.answers[0]!.id }]);
    const message = { recipients: [String(teacher.id)], subject: CONVERSATION.subject, body: CONVERSATION.body };
    expect((await api(rig.demo.server, rig.demo.student.token, 'POST', '/api/v1/conversations', message)).status).toBe(201);
    allowed = {
      // Data, not UI: the demo's names, and Canvas's name for the term every course starts in.
      values: [
        ...LANGUAGE_NAMES,
        ...[DEMO.teacher, DEMO.ta, DEMO.observer, ...DEMO.students].flatMap((p) => [p.name, p.login]),
        ...DEMO.sections,
        ...[...DEMO.assignments.map((a) => a.name), ...DEMO.quizzes.map((q) => q.title), ...DEMO.discussions.map((d) => d.title)],
        ...[...DEMO.pages.map((p) => p.title), rig.demo.welcomePage.title],
        ...modules.flatMap((m) => [m.name, ...(m.items ?? []).map((i) => i.title)]),
        ...groupNames,
        teacher.name,
        DEMO.course.name,
        DEMO.course.course_code,
        POLL.question,
        ...POLL.choices,
        QUIZ.done,
        QUIZ.running,
        ...QUIZ.choices,
        QUIZ.matchLeft,
        QUIZ.matchRight,
        AUTHORED_QUIZ.title,
        AUTHORED_QUIZ.question,
        ...AUTHORED_QUIZ.choices,
        CONVERSATION.subject,
        CONVERSATION.body,
        'Default Term',
        DEMO_FEEDBACK,
        'ui test',
        // The installation's admin, who posts the demo's discussions (seed-demo runs as the admin).
        'Outpost Admin',
        // File types an assignment takes (pdf, docx): listed as typed, in the language's list format.
        ...DEMO.assignments.flatMap((a) => ('allowed_extensions' in a && a.allowed_extensions ? a.allowed_extensions : [])),
        // The server's name for the assignment group every course starts with (a gradebook heading, the editor's group list).
        DEFAULT_GROUP_NAME,
      ],
      // A token's first characters (base64url, so dashes too), shown so its owner can tell tokens apart.
      patterns: [ENGLISH_DATE, /\b[\w-]{1,16}…/u, CANVAS_LOCK_EXPLANATION, TIME_ZONE_ID, ENGLISH_CALENDAR_WORDS],
    };
  });
  afterAll(() => rig.stop());

  /** A self sign-up set of two groups with a limit, a student in the first who leads it: every part of the groups screen. */
  async function seedGroupSet(course: string, token: string): Promise<string[]> {
    const call = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await api(rig.demo.server, token, method, path, body);
      expect(res.status).toBe(200);
      return res.json as T;
    };
    const set = await call<GroupCategory>('POST', `${course}/group_categories`, { name: 'Reading circles', create_group_count: 2, self_signup: 'enabled', group_limit: 4 });
    const groups = await call<Group[]>('GET', `/api/v1/group_categories/${set.id}/groups`);
    const [reader] = await call<GroupUser[]>('GET', `/api/v1/group_categories/${set.id}/users?unassigned=true&per_page=1`);
    await call('POST', `/api/v1/groups/${groups[0]!.id}/memberships`, { user_id: reader!.id });
    await call('PUT', `/api/v1/groups/${groups[0]!.id}`, { leader_id: reader!.id });
    return [set.name, ...groups.map((g) => g.name)];
  }

  /** The quizzes of QUIZ: every answer field on the attempt screen, an essay for the grader. */
  async function seedQuizzes(): Promise<void> {
    const { server, courseId, teacher, student } = rig.demo;
    const taught = { id: courseId, teacher };
    const choice = { question_type: 'multiple_choice_question', points_possible: 1, answers: QUIZ.choices.map((answer_text, i) => ({ answer_text, answer_weight: i === 0 ? 100 : 0 })) };
    const done = await createQuizWithQuestions(server, taught, [choice, { question_type: 'essay_question', points_possible: 2 }], { title: QUIZ.done, quiz_type: 'assignment' });
    const attempt = await startAttempt(server, student.token, courseId, done.quiz.id);
    const [right] = done.questions[0]!.answers as Array<{ id: number }>;
    const answers = [{ id: done.questions[0]!.id, answer: right!.id }, { id: done.questions[1]!.id, answer: '<p>Rain</p>' }];
    expect((await answerQuestions(server, student.token, attempt, answers)).status).toBe(200);
    await completeAttempt(server, student.token, courseId, done.quiz.id, attempt);
    quizzes.doneId = done.quiz.id;
    quizzes.doneSubmissionId = attempt.id;
    const running = await createQuizWithQuestions(
      server,
      taught,
      [
        choice,
        { ...choice, question_type: 'multiple_answers_question' },
        { question_type: 'short_answer_question', points_possible: 1, answers: [{ answer_text: 'rain', answer_weight: 100 }] },
        { question_type: 'numerical_question', points_possible: 1, answers: [{ numerical_answer_type: 'exact_answer', exact: 100, margin: 0 }] },
        { question_type: 'fill_in_multiple_blanks_question', points_possible: 1, question_text: '<p>[gas]</p>', answers: [{ answer_text: 'oxygen', answer_weight: 100, blank_id: 'gas' }] },
        { question_type: 'matching_question', points_possible: 1, answers: [{ answer_match_left: QUIZ.matchLeft, answer_match_right: QUIZ.matchRight }] },
        { question_type: 'essay_question', points_possible: 1 },
        { question_type: 'file_upload_question', points_possible: 1 },
        { question_type: 'text_only_question' },
      ],
      { title: QUIZ.running, quiz_type: 'assignment', time_limit: 600 },
    );
    await startAttempt(server, student.token, courseId, running.quiz.id);
    quizzes.runningId = running.quiz.id;
  }

  async function chooseLocale(locale: string, token = rig.demo.teacher.token): Promise<void> {
    const res = await api(rig.demo.server, token, 'PUT', '/api/v1/users/self', { user: { locale } });
    expect(res.status).toBe(200);
  }

  async function walk(page: Page, screens: readonly WalkedScreen[]): Promise<void> {
    for (const screen of screens) {
      await page.goto(`${rig.demo.server.url}/#${screen.path(rig.demo.courseId, rig.demo.firstAssignment.id)}`);
      await waitForPseudoScreen(page);
      await screen.open?.(page);
      await waitForPseudoScreen(page);
      // A scope that matches nothing would pass without looking at anything.
      if (screen.scope) await expect.poll(() => page.locator(screen.scope!).count(), UI_WAIT).toBeGreaterThan(0);
      await expectCatalogueTextOnly(page, allowed, screen.scope);
    }
  }

  const documentLanguage = (page: Page) => page.evaluate('[document.documentElement.lang, document.documentElement.dir].join(" ")');

  it('the walk itself notices plain text, a plain accessible name and a box too narrow for its text', async () => {
    const page = await openTab(rig.browser);
    await page.setContent(`<title>[Ţîţļé]</title><main>
      <p>[Ŝåƒé ţéẋţ] Leaked words [Ŝåƒé] ${DEMO.course.name}</p>
      <button aria-label="Plain name">[Ƀûţţöñ]</button>
      <div style="width: 40px; white-space: nowrap">[Å ŵåý ţöö ļöñĝ ƒöŕ ţĥîš ƀöẋ]</div>
    </main>`);
    const found = await readScreen(page, allowed);
    expect(found).toMatchObject({ texts: ['Leaked words'], names: ['Plain name'], title: [] });
    expect(found.overflow).toEqual([expect.stringMatching(/^div /u)]);
    await closeTab(page);
  });

  it('before signing in: the sign-in screen in the language chosen on this device', async () => {
    const page = await openTab(rig.browser);
    await page.context().addInitScript("localStorage.setItem('outpost.locale', 'en-XA')");
    const errors = watchPageErrors(page);
    await page.goto(rig.demo.server.url);
    await waitForPseudoScreen(page);
    await expect.poll(() => documentLanguage(page), UI_WAIT).toBe('en-XA ltr');
    await expectCatalogueTextOnly(page, allowed);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('first run: asks for the language, in the language chosen on this device', async () => {
    const fresh = await startTestServer();
    const page = await openTab(rig.browser);
    try {
      await page.context().addInitScript("localStorage.setItem('outpost.locale', 'en-XA')");
      await page.goto(fresh.url);
      await waitForPseudoScreen(page);
      await page.getByRole('combobox', { name: new RegExp(accentText('Language'), 'u') }).waitFor();
      await expectCatalogueTextOnly(page, allowed);
    } finally {
      await closeTab(page);
      await fresh.stop();
    }
  });

  it(`signed in with the pseudo-locale: ${SCREENS.map((s) => s.name).join('; ')}`, async () => {
    await chooseLocale('en-XA');
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await expect.poll(() => documentLanguage(page), UI_WAIT).toBe('en-XA ltr');
    await walk(page, SCREENS);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it("inside a course with a language of its own, that language (Canvas's course[locale]); outside it, the person's", async () => {
    await chooseLocale('en-XA');
    const course = `/api/v1/courses/${rig.demo.courseId}`;
    expect((await api(rig.demo.server, rig.demo.teacher.token, 'PUT', course, { course: { locale: 'fr' } })).status).toBe(200);
    const page = await openTab(rig.browser);
    try {
      await signIn(page, rig.demo.server.url, rig.demo.teacher);
      await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/people`);
      await expect.poll(() => documentLanguage(page), UI_WAIT).toBe('fr ltr');
      await page.getByRole('navigation', { name: 'Sections du cours' }).getByRole('link', { name: 'Participants' }).waitFor();
      await page.getByRole('link', { name: 'Tous les cours' }).click();
      await expect.poll(() => documentLanguage(page), UI_WAIT).toBe('en-XA ltr');
    } finally {
      await closeTab(page);
      await api(rig.demo.server, rig.demo.teacher.token, 'PUT', course, { course: { locale: '' } });
    }
  });

  it(`a student with the pseudo-locale: ${STUDENT_SCREENS.map((s) => s.name).join('; ')}`, async () => {
    await chooseLocale('en-XA', rig.demo.student.token);
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await walk(page, STUDENT_SCREENS);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  // In parts, each under the test timeout: axe over every screen takes minutes on a loaded machine.
  for (const [part, screens] of arabicParts().entries()) {
    it(`in Arabic, part ${part + 1}: right to left and axe-clean on ${screens.map((s) => s.name).join('; ')}`, async () => {
      await chooseLocale('ar');
      const page = await openTab(rig.browser);
      const errors = watchPageErrors(page);
      await signIn(page, rig.demo.server.url, rig.demo.teacher);
      await expect.poll(() => documentLanguage(page), UI_WAIT).toBe('ar rtl');
      for (const screen of screens) {
        await page.goto(`${rig.demo.server.url}/#${screen.path(rig.demo.courseId, rig.demo.firstAssignment.id)}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expect.poll(() => page.locator('[role=status]').filter({ hasText: /…$/u }).count(), UI_WAIT).toBe(0);
        await expectNoAxeViolations(page);
      }
      expect(errors).toEqual([]);
      await closeTab(page);
    });
  }

  it('in Arabic, Settings → Language switches back to English', async () => {
    await chooseLocale('ar');
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.teacher);
    await page.goto(`${rig.demo.server.url}/#/settings`);
    const language = page.getByRole('combobox').first();
    await expect.poll(() => language.inputValue(), UI_WAIT).toBe('ar');
    await language.selectOption('en');
    await expect.poll(() => documentLanguage(page), UI_WAIT).toBe('en ltr');
    await page.getByRole('combobox', { name: 'Language' }).waitFor();
    const profile = await api(rig.demo.server, rig.demo.teacher.token, 'GET', '/api/v1/users/self/profile');
    expect(profile.json).toMatchObject({ locale: 'en', effective_locale: 'en' });
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('two languages chosen quickly one after the other are both sent, and the last one stays (decision 0093)', async () => {
    await chooseLocale('en', rig.demo.student.token);
    const page = await openTab(rig.browser);
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PUT' && req.url().endsWith('/api/v1/users/self')) sent.push((JSON.parse(req.postData() ?? '{}') as { user: { locale: string } }).user.locale);
    });
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/settings`);
    // The same box whatever language its name is in by then.
    const language = page.getByRole('combobox', { name: 'Language' });
    const box = page.locator(`[id="${await language.getAttribute('id')}"]`);
    await box.selectOption('es');
    await box.selectOption('fr');
    await expect.poll(() => documentLanguage(page), UI_WAIT).toBe('fr ltr');
    expect(sent).toEqual(['es', 'fr']);
    const profile = await api(rig.demo.server, rig.demo.student.token, 'GET', '/api/v1/users/self/profile');
    expect(profile.json).toMatchObject({ locale: 'fr' });
    await closeTab(page);
  });
});

/**
 * The teacher's screens for the Arabic pass, one visit per address (what `open` reveals is the walk's business, not
 * the layout's), in parts of ARABIC_PART_SIZE.
 */
const ARABIC_PART_SIZE = 8;
function arabicParts(): WalkedScreen[][] {
  const once = SCREENS.filter((screen, i) => SCREENS.findIndex((other) => other.path(1, 1) === screen.path(1, 1)) === i);
  return Array.from({ length: Math.ceil(once.length / ARABIC_PART_SIZE) }, (_, i) => once.slice(i * ARABIC_PART_SIZE, (i + 1) * ARABIC_PART_SIZE));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
