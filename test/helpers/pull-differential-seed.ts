import { api, createFixtureUser, type FixtureUser } from './api-fixtures.ts';
import { enrollFixtureUser } from './course-fixtures.ts';
import { createAssignment, createDiscussionTopic, createFile, createQuiz } from './content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from './enrollment-fixtures.ts';
import { createItem, createModule, createPublishedModule } from './module-fixtures.ts';
import { coursePages, createFixtureGroup, createPage } from './page-fixtures.ts';
import { addQuestion, takeQuiz } from './quiz-fixtures.ts';
import type { TestServer } from './server.ts';
import { createGradedAssignment, gradeAs, submitText } from './submission-fixtures.ts';

/** The cast of the pull differential: every role whose device pulls a course (decision 0097). */
export interface DifferentialCast {
  course: RosterCourse;
  /** An observer linked to no student. */
  lonely: FixtureUser;
  /** Keys of records their readers never could read (drafts never published, a file locked from the start): no one else may hear of them, not even by a tombstone. */
  neverShown: Set<string>;
  /** The course's groups: one with student A, one with student B. */
  groupIds: number[];
  /** The assignment whose submissions have peer reviews (B reviews A's work). */
  reviewedAssignment: number;
}

function expectOk(res: { status: number; json: unknown }, what: string): void {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json)}`);
}

/**
 * One course with records of the course-content and course-work types in each state a rule tells apart: draft,
 * published, locked, unposted (muted), posted, deleted, unpublished after publishing, and in the other section.
 */
export async function seedDifferentialCourse(hub: TestServer): Promise<DifferentialCast> {
  const course = await createRosterCourse(hub, 'Differential 101');
  const { id, teacher, studentA, studentB } = course;
  const lonely = await createFixtureUser(hub, 'Lone Observer');
  await enrollFixtureUser(hub, id, lonely.id, 'ObserverEnrollment');
  const t = teacher.token;
  const neverShown = new Set<string>();
  const future = new Date(Date.now() + 7 * 86_400_000).toISOString();

  // Assignments: posted, unposted (muted), locked (opens next week), draft, deleted, unpublished after publishing.
  const posted = await createGradedAssignment(hub, course, { name: 'Posted', description: '<p>Posted brief</p>' });
  const unposted = await createGradedAssignment(hub, course, { name: 'Unposted', description: '<p>Muted brief</p>' });
  await createGradedAssignment(hub, course, { name: 'Locked', description: '<p>Secret until next week</p>', unlock_at: future });
  neverShown.add(`assignment:${(await createAssignment(hub, t, id, { name: 'Draft', published: false })).id}`);
  const deleted = await createGradedAssignment(hub, course, { name: 'Deleted' });
  expectOk(await api(hub, t, 'DELETE', `/api/v1/courses/${id}/assignments/${deleted.id}`), 'delete assignment');
  const withdrawn = await createGradedAssignment(hub, course, { name: 'Withdrawn' });
  expectOk(await api(hub, t, 'PUT', `/api/v1/courses/${id}/assignments/${withdrawn.id}`, { assignment: { published: false } }), 'unpublish');

  // Work of both students (two sections), graded, one grade unposted, with comments of each kind.
  const submissionIds: number[] = [];
  for (const student of [studentA, studentB]) {
    submissionIds.push((await submitText(hub, student.token, id, posted.id, `<p>${student.id} posted</p>`)).id as number);
    await gradeAs(hub, t, id, posted.id, student.id, { posted_grade: '8', comment: { text_comment: `Well done ${student.id}` } });
  }
  await submitText(hub, studentA.token, id, unposted.id);
  expectOk(await api(hub, t, 'PUT', `/api/v1/courses/${id}/assignments/${unposted.id}`, { assignment: { muted: true } }), 'mute');
  await gradeAs(hub, t, id, unposted.id, studentA.id, { posted_grade: '6', comment: { text_comment: 'Hidden until posted' } });
  const own = `/api/v1/courses/${id}/assignments/${unposted.id}/submissions/${studentA.id}`;
  expectOk(await api(hub, studentA.token, 'PUT', own, { comment: { text_comment: 'My question' } }), 'own comment');
  const onPosted = `/api/v1/courses/${id}/assignments/${posted.id}/submissions/${studentA.id}`;
  expectOk(await api(hub, t, 'PUT', onPosted, { comment: { text_comment: 'Removed' } }), 'comment');
  const removed = (await hub.core.services.repos.submissionComments.find({ course_id: id })).find((c) => c.data.comment === 'Removed')!;
  expectOk(await api(hub, t, 'DELETE', `${onPosted}/comments/${removed.id}`), 'delete comment');

  // Peer reviews: B reviews A's work; a removed one of A reviewing B's.
  const reviews = `/api/v1/courses/${id}/assignments/${posted.id}/submissions`;
  expectOk(await api(hub, t, 'POST', `${reviews}/${submissionIds[0]}/peer_reviews`, { user_id: studentB.id }), 'peer review');
  expectOk(await api(hub, t, 'POST', `${reviews}/${submissionIds[1]}/peer_reviews`, { user_id: studentA.id }), 'peer review');
  expectOk(await api(hub, t, 'DELETE', `${reviews}/${submissionIds[1]}/peer_reviews`, { user_id: studentA.id }), 'remove peer review');

  // Pages: published, draft, deleted.
  await createPage(hub, t, coursePages(id), { title: 'Published page', body: '<p>Read me</p>', published: true });
  neverShown.add(`wiki_page:${(await createPage(hub, t, coursePages(id), { title: 'Draft page', body: '<p>Not yet</p>', published: false })).page_id}`);
  const gone = await createPage(hub, t, coursePages(id), { title: 'Gone page', body: '<p>Bye</p>', published: true });
  expectOk(await api(hub, t, 'DELETE', `${coursePages(id)}/${gone.url}`), 'delete page');

  // Quizzes and topics: published and draft. A's attempt at one quiz; B's at one whose results stay hidden.
  const quiz = await createQuiz(hub, t, id, { title: 'Published quiz', published: true });
  const choice = await addQuestion(hub, course, quiz.id, { question_type: 'multiple_choice_question', points_possible: 1, correct_comments: 'Right', answers: [{ answer_text: 'yes', answer_weight: 100, answer_comments: 'because' }, { answer_text: 'no' }] });
  await addQuestion(hub, course, quiz.id, { question_type: 'short_answer_question', points_possible: 1, answers: [{ answer_text: 'accepted', answer_weight: 100 }] });
  await takeQuiz(hub, studentA.token, id, quiz.id, [{ id: choice.id, answer: (choice.answers as Array<{ id: number }>)[0]!.id }]);
  const hiddenResults = await createQuiz(hub, t, id, { title: 'Results hidden', published: true, hide_results: 'always' });
  await addQuestion(hub, course, hiddenResults.id, { question_type: 'true_false_question', points_possible: 1, answers: [{ answer_text: 'True', answer_weight: 100 }, { answer_text: 'False' }] });
  await takeQuiz(hub, studentB.token, id, hiddenResults.id, []);
  const draftQuiz = await createQuiz(hub, t, id, { title: 'Draft quiz', published: false });
  neverShown.add(`quiz:${draftQuiz.id}`);
  neverShown.add(`quiz_question:${(await addQuestion(hub, course, draftQuiz.id, { question_type: 'essay_question', points_possible: 1 })).id}`);
  await createDiscussionTopic(hub, t, id, { title: 'Open topic', message: '<p>Talk</p>', published: true });
  neverShown.add(`discussion_topic:${(await createDiscussionTopic(hub, t, id, { title: 'Draft topic', message: '<p>Soon</p>', published: false })).id}`);

  // Modules: a published one with an item, an unpublished one with an item.
  const week = await createPublishedModule(hub, t, id, { name: 'Week 1' });
  await createItem(hub, t, id, week.id, { type: 'Assignment', content_id: posted.id });
  const later = await createModule(hub, t, id, { name: 'Later' });
  neverShown.add(`context_module:${later.id}`);
  const hiddenItem = await createItem(hub, t, id, later.id, { type: 'Assignment', content_id: posted.id });
  neverShown.add(`content_tag:${hiddenItem.id}`);

  await createFile(hub, t, id, 'syllabus.txt', 'syllabus');
  // A file locked by hand from the start: its readers are its managers alone, its bytes too.
  const answers = await createFile(hub, t, id, 'answers.txt', 'answers', { locked: true });
  neverShown.add(`attachment:${answers.id}`);
  for (const bytes of await hub.core.services.repos.fileContents.find({ parent_id: answers.id })) neverShown.add(bytes.key);
  // A live assessment with a result for each student (its API is for who views every grade).
  const created = await api(hub, t, 'POST', `/api/v1/courses/${id}/live_assessments`, { assessments: [{ key: 'oral', title: 'Oral check' }] });
  expectOk(created, 'live assessment');
  const assessment = (created.json as { assessments: { id: string }[] }).assessments[0]!;
  const results = [studentA, studentB].map((s) => ({ passed: true, assessed_at: '2024-01-01T00:00:00Z', links: { user: s.id } }));
  expectOk(await api(hub, t, 'POST', `/api/v1/courses/${id}/live_assessments/${assessment.id}/results`, { results }), 'live results');
  const groupIds = [await createFixtureGroup(hub, id, [studentA.id]), await createFixtureGroup(hub, id, [studentB.id])];
  return { course, lonely, neverShown, groupIds, reviewedAssignment: posted.id as number };
}
