import type { Stored } from '../../storage/typed-records.ts';
import type { ModuleItemData } from '../records/module-records.ts';
import type { Repositories } from '../repositories.ts';

/** What an event or a sequence lookup names: a piece of content by id, or a page by its url (slug). */
export type ContentRef =
  | { type: 'Assignment' | 'Quiz' | 'Discussion' | 'File' | 'ExternalTool'; id: number }
  | { type: 'Page'; url: string };

/**
 * The module items that show a piece of content. A quiz or a graded topic is graded through an assignment, so
 * either side names the items of both (Canvas: a quiz submission fulfils the quiz's item; the sequence of a
 * quiz also finds items that point at its assignment, docs/canvas-compatibility.md §2.7).
 */
export async function matchingItems(
  repos: Repositories,
  items: readonly Stored<ModuleItemData>[],
  ref: ContentRef,
): Promise<Stored<ModuleItemData>[]> {
  if (ref.type === 'Page') return items.filter((i) => i.data.type === 'Page' && i.data.page_url === ref.url);
  const wanted = new Set([`${ref.type}:${ref.id}`]);
  if (ref.type === 'Assignment') {
    const assignment = await repos.assignments.get(ref.id);
    if (assignment?.data.quiz_id != null) wanted.add(`Quiz:${assignment.data.quiz_id}`);
    if (assignment?.data.discussion_topic_id != null) wanted.add(`Discussion:${assignment.data.discussion_topic_id}`);
  } else if (ref.type === 'Quiz') {
    const quiz = await repos.quizzes.get(ref.id);
    if (quiz?.data.assignment_id != null) wanted.add(`Assignment:${quiz.data.assignment_id}`);
  } else if (ref.type === 'Discussion') {
    const topic = await repos.discussionTopics.get(ref.id);
    if (topic?.data.assignment_id != null) wanted.add(`Assignment:${topic.data.assignment_id}`);
  }
  return items.filter((i) => i.data.content_id !== null && wanted.has(`${i.data.type}:${i.data.content_id}`));
}
