import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/server/commands/demo-course.ts';
import type { PeerReview, Submission } from '../../src/contracts/grading-dtos.ts';
import type { Assignment, CourseUser } from '../../src/contracts/lms-dtos.ts';
import { api } from '../helpers/api-fixtures.ts';
import { signIn, UiDemoRig, watchPageErrors } from '../helpers/ui-demo.ts';
import { closeTab, expectScreen, openTab, UI_WAIT } from '../helpers/ui-screens.ts';
import { submitText } from '../helpers/submission-fixtures.ts';

/** A peer review to do reaches the reviewer through To do; the author sees it done on their assignment. */
describe('peer reviews to do and received', () => {
  const rig = new UiDemoRig();
  let essay: Assignment;
  const author = DEMO.students[1]!;

  beforeAll(async () => {
    await rig.start();
    const course = `/api/v1/courses/${rig.demo.courseId}`;
    essay = (
      await api(rig.demo.server, rig.demo.teacher.token, 'POST', `${course}/assignments`, {
        assignment: { name: 'Opinion essay', published: true, points_possible: 10, peer_reviews: true, submission_types: ['online_text_entry'], due_at: new Date(Date.now() + 24 * 3600_000).toISOString() },
      })
    ).json as Assignment;
    const roster = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `${course}/users?per_page=100`)).json as CourseUser[];
    const authorId = roster.find((u) => u.login_id === author.login)!.id;
    const token = ((await api(rig.demo.server, rig.demo.adminToken, 'POST', `/api/v1/users/${authorId}/tokens`, { token: { purpose: 'ui test' } })).json as { visible_token: string }).visible_token;
    const submitted = (await submitText(rig.demo.server, token, rig.demo.courseId, essay.id, '<p>Wind farms belong offshore.</p>')) as unknown as Submission;
    const assigned = await api(rig.demo.server, rig.demo.teacher.token, 'POST', `${course}/assignments/${essay.id}/submissions/${submitted.id}/peer_reviews`, { user_id: rig.demo.student.id });
    expect(assigned.status).toBe(200);
  });
  afterAll(() => rig.stop());

  it('the reviewer opens the review from To do, reads the work and comments, which completes the review', async () => {
    const page = await openTab(rig.browser);
    const errors = watchPageErrors(page);
    await signIn(page, rig.demo.server.url, rig.demo.student);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/todo`);
    await expectScreen(page, DEMO.course.name, `To do · ${DEMO.course.name}`);
    const review = page.getByRole('list', { name: 'To do' }).getByRole('listitem').filter({ hasText: 'Peer review' });
    await review.getByRole('link', { name: essay.name }).click();
    await expectScreen(page, DEMO.course.name, `Peer review: ${essay.name} · ${DEMO.course.name}`);
    await expect.poll(() => page.frameLocator('iframe[title="Submitted text"]').locator('body').innerText(), UI_WAIT).toContain('Wind farms belong offshore.');

    await page.getByRole('textbox', { name: 'Comment' }).fill('Say why offshore beats onshore.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByRole('list', { name: 'Comments' }).getByText('Say why offshore beats onshore.').waitFor(UI_WAIT);
    const reviews = (await api(rig.demo.server, rig.demo.teacher.token, 'GET', `/api/v1/courses/${rig.demo.courseId}/assignments/${essay.id}/peer_reviews`)).json as PeerReview[];
    expect(reviews).toEqual([expect.objectContaining({ assessor_id: rig.demo.student.id, workflow_state: 'completed' })]);
    expect(errors).toEqual([]);
    await closeTab(page);
  });

  it('the author sees the review received, done, and the reviewer’s comment', async () => {
    const page = await openTab(rig.browser);
    await signIn(page, rig.demo.server.url, author);
    await page.goto(`${rig.demo.server.url}/#/courses/${rig.demo.courseId}/assignments/${essay.id}`);
    await expectScreen(page, DEMO.course.name, `${essay.name} · ${DEMO.course.name}`);
    await page.getByRole('region', { name: 'Peer reviews of your work' }).getByText(`${rig.demo.student.name}: review done`).waitFor(UI_WAIT);
    await page.getByRole('list', { name: 'Comments' }).getByText('Say why offshore beats onshore.').waitFor(UI_WAIT);
    await closeTab(page);
  });
});
