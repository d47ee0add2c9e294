import type { CoreServices } from '../../core-services.ts';
import type { Principal } from '../../domain/principal.ts';
import { EDITING_ROLES } from '../../domain/records/page-records.ts';
import type { ModuleItemData } from '../../domain/records/module-records.ts';
import type { WriteStamp } from '../../domain/repository.ts';
import { AssignmentsService } from '../assignments/assignments.service.ts';
import { titleErrors } from '../pages/page-slugs.ts';
import { PagesService } from '../pages/pages.service.ts';

/**
 * Renaming a module item renames what it shows, as Canvas's `ContentTag#update_asset_name!` does
 * (docs/canvas-compatibility.md §2.3): an assignment, quiz, topic, page or file takes the item's new title. Graded
 * content goes through the assignments service, so the quiz or topic and its assignment keep one name; a page
 * goes through the pages service, so its slug follows the title and the items showing it follow the slug. Only
 * those who manage the course's content rename items, so the content's own editing rules are theirs too. Deleted
 * content keeps its name.
 */
export async function renameContent(services: CoreServices, principal: Principal, item: ModuleItemData, title: string, stamp: WriteStamp): Promise<void> {
  const { repos } = services;
  const viewer = { principal, courseId: item.course_id, canManage: true };
  const viaAssignment = async (assignmentId: number | null): Promise<boolean> => {
    if (assignmentId === null) return false;
    const assignment = await repos.assignments.get(assignmentId);
    if (assignment && assignment.data.workflow_state !== 'deleted' && assignment.data.name !== title) {
      await new AssignmentsService(services).update(viewer, assignmentId, { name: title }, stamp);
    }
    return true;
  };
  const id = item.content_id;
  switch (item.type) {
    case 'Assignment':
      if (id !== null) await viaAssignment(id);
      return;
    case 'Quiz': {
      const quiz = id === null ? undefined : await repos.quizzes.get(id);
      if (quiz && !(await viaAssignment(quiz.data.assignment_id))) await repos.quizzes.update(quiz.id, stamp, (q) => (q.workflow_state === 'deleted' ? q : { ...q, title }));
      return;
    }
    case 'Discussion': {
      const topic = id === null ? undefined : await repos.discussionTopics.get(id);
      if (topic && !(await viaAssignment(topic.data.assignment_id))) await repos.discussionTopics.update(topic.id, stamp, (t) => (t.workflow_state === 'deleted' ? t : { ...t, title }));
      return;
    }
    case 'File':
      if (id !== null) await repos.files.update(id, stamp, (f) => (f.workflow_state === 'deleted' ? f : { ...f, display_name: title }));
      return;
    case 'Page': {
      if (item.page_url === null) return;
      const pages = new PagesService(services);
      const wiki = { kind: 'Course', id: item.course_id, courseId: item.course_id, permissionContext: { type: 'course', courseId: item.course_id } } as const;
      const page = await pages.find(wiki, item.page_url);
      // A title a page may not have (no letter or digit) leaves the page as it is, as Canvas's failed save does.
      if (page && page.data.title !== title && !titleErrors(title)) await pages.update({ principal, wiki, canManage: true, roles: new Set(EDITING_ROLES) }, page, { title }, stamp);
      return;
    }
    default:
      return;
  }
}
