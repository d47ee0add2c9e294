import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarationOf } from '../../src/server/domain/declarations/index.ts';
import { api } from '../helpers/api-fixtures.ts';
import { createAssignment } from '../helpers/content-fixtures.ts';
import { createRosterCourse, type RosterCourse } from '../helpers/enrollment-fixtures.ts';
import { createModule } from '../helpers/module-fixtures.ts';
import { coursePages, createPage } from '../helpers/page-fixtures.ts';
import { setRolePermissions } from '../helpers/role-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { storedRows } from '../helpers/sqlite-rows.ts';
import { gradeAs, submitText } from '../helpers/submission-fixtures.ts';
import { pullAll } from '../helpers/sync-fixtures.ts';

const ADMIN = 'pull-permissions-admin';

/** Sync and webhook bookkeeping: the record types kept beside the declared ones, never served as domain records. */
const BOOKKEEPING = new Set(['id_allocator', 'sync_outbox', 'sync_receipt', 'sync_id_map', 'sync_last_replay', 'sync_conflict', 'sync_contact', 'webhook_deriver', 'webhook_snapshot']);

describe('pull asks the permission the REST area asks', () => {
  let hub: TestServer;
  let course: RosterCourse;
  const drafts: Record<string, { key: string; path: string }> = {};

  beforeAll(async () => {
    hub = await startTestServer({ adminToken: ADMIN });
    course = await createRosterCourse(hub, 'Permissions 101');
    const rootId = hub.core.services.installation.root_account_id;
    // TAs keep manage_assignments but lose manage_content (modules) and manage_wiki (pages).
    await setRolePermissions(hub, ADMIN, rootId, 'TaEnrollment', {
      manage_content: { explicit: true, enabled: false },
      manage_wiki: { explicit: true, enabled: false },
    });
    const assignment = (await createAssignment(hub, course.teacher.token, course.id, { name: 'Draft', published: false })).id;
    drafts.assignment = { key: `assignment:${assignment}`, path: `/api/v1/courses/${course.id}/assignments/${assignment}` };
    const page = await createPage(hub, course.teacher.token, coursePages(course.id), { title: 'Draft page', published: false });
    drafts.page = { key: `wiki_page:${page.page_id}`, path: `${coursePages(course.id)}/${page.url}` };
    const module = await createModule(hub, course.teacher.token, course.id, { name: 'Draft module', published: false });
    drafts.module = { key: `context_module:${module.id}`, path: `/api/v1/courses/${course.id}/modules/${module.id}` };
    const graded = (await createAssignment(hub, course.teacher.token, course.id, { name: 'Essay', published: true, points_possible: 10, submission_types: ['online_text_entry'] })).id;
    await submitText(hub, course.studentB.token, course.id, graded, '<p>B</p>');
    await gradeAs(hub, course.ta.token, course.id, graded, course.studentB.id, { posted_grade: '7' });
  });
  afterAll(() => hub.stop());

  it('a TA with manage_assignments but not manage_content or manage_wiki pulls the drafts REST shows them, and only those', async () => {
    const pulled = (await pullAll(hub, course.ta.token, 'course')).byKey;
    const seen: Record<string, { rest: number; pulled: boolean }> = {};
    for (const [what, draft] of Object.entries(drafts)) {
      const rest = (await api(hub, course.ta.token, 'GET', draft.path)).status;
      seen[what] = { rest, pulled: pulled.get(draft.key)?._deleted === false };
    }
    expect(seen).toEqual({
      assignment: { rest: 200, pulled: true },
      // An unpublished page is found, then refused, as Canvas answers it (401); a module draft stays unseen (404).
      page: { rest: 401, pulled: false },
      module: { rest: 404, pulled: false },
    });
    // The teacher, who holds all three, pulls every draft.
    const teacher = (await pullAll(hub, course.teacher.token, 'course')).byKey;
    for (const draft of Object.values(drafts)) expect(teacher.get(draft.key)?._deleted, draft.key).toBe(false);
  });

  it('every record type the hub stored has a declaration (or is sync bookkeeping)', () => {
    // RxDB's own store (collection and schema metadata, keyed by `context`) holds no records.
    const records = storedRows(hub).filter((row) => !('context' in row.doc));
    const undeclared = [...new Set(records.map((row) => row.doc.type))].filter((type) => !declarationOf(type) && !BOOKKEEPING.has(type));
    expect(undeclared).toEqual([]);
  });
});
