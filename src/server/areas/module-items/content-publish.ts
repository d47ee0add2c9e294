import type { CoreServices } from '../../core-services.ts';
import type { Principal } from '../../domain/principal.ts';
import type { ModuleItemData } from '../../domain/records/module-records.ts';
import type { WriteStamp } from '../../domain/repository.ts';
import { AssignmentsService } from '../assignments/assignments.service.ts';

/**
 * Publishing an item publishes its content, as Canvas does (docs/canvas-compatibility.md §2.3), and unpublishing
 * it unpublishes the content unless students have submitted to it (docs/canvas-compatibility.md §16.5). Graded
 * content goes through the assignments service so a quiz or topic and its assignment stay equal; the rest is a
 * one-field write.
 */
export async function setContentPublished(
  services: CoreServices,
  principal: Principal,
  item: ModuleItemData,
  published: boolean,
  stamp: WriteStamp,
): Promise<void> {
  const { repos } = services;
  const id = item.content_id;
  if (id === null) return;
  const state = published ? 'published' : 'unpublished';
  const viaAssignment = async (assignmentId: number | null): Promise<boolean> => {
    if (assignmentId === null) return false;
    const assignment = await repos.assignments.get(assignmentId);
    // Deleted content stays deleted; the item's own flag still changes.
    if (!assignment || assignment.data.workflow_state === 'deleted') return true;
    const assignments = new AssignmentsService(services);
    // As Canvas's content tags: unpublishing the item leaves content that students have submitted to published.
    if (!published && !(await assignments.canUnpublish(assignmentId))) return true;
    const viewer = { principal, courseId: item.course_id, canManage: true };
    await assignments.update(viewer, assignmentId, { published }, stamp);
    return true;
  };
  switch (item.type) {
    case 'Assignment':
      await viaAssignment(id);
      return;
    case 'Quiz': {
      const quiz = await repos.quizzes.get(id);
      if (quiz && !(await viaAssignment(quiz.data.assignment_id))) await repos.quizzes.update(id, stamp, (q) => (q.workflow_state === 'deleted' ? q : { ...q, workflow_state: state }));
      return;
    }
    case 'Discussion': {
      const topic = await repos.discussionTopics.get(id);
      if (topic && !(await viaAssignment(topic.data.assignment_id))) await repos.discussionTopics.update(id, stamp, (t) => (t.workflow_state === 'deleted' ? t : { ...t, workflow_state: state }));
      return;
    }
    case 'File':
      await repos.files.update(id, stamp, (f) => ({ ...f, locked: !published }));
      return;
    default:
      return;
  }
}
