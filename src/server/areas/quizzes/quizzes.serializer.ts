import type { QuizData } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { ContentViewer } from '../common/course-content.ts';

/** Canvas's Quiz JSON (`lib/api/v1/quiz.rb`), the fields a quiz without questions can fill. */
export function quizJson(record: Stored<QuizData>, baseUrl: string, viewer: ContentViewer): Record<string, unknown> {
  const q = record.data;
  const htmlUrl = `${baseUrl}/courses/${q.course_id}/quizzes/${record.id}`;
  return {
    id: record.id,
    title: q.title,
    html_url: htmlUrl,
    mobile_url: `${htmlUrl}?force_user=1&persist_headless=1`,
    description: q.description,
    quiz_type: q.quiz_type,
    assignment_id: q.assignment_id,
    assignment_group_id: null,
    time_limit: q.time_limit,
    shuffle_answers: q.shuffle_answers,
    hide_results: null,
    show_correct_answers: true,
    scoring_policy: 'keep_highest',
    allowed_attempts: q.allowed_attempts,
    one_question_at_a_time: false,
    question_count: 0,
    points_possible: q.points_possible,
    cant_go_back: false,
    access_code: viewer.canManage ? null : undefined,
    due_at: q.due_at,
    lock_at: q.lock_at,
    unlock_at: q.unlock_at,
    published: q.workflow_state === 'published',
    unpublishable: true,
    locked_for_user: false,
    question_types: [],
    anonymous_submissions: false,
    created_at: isoSeconds(record.created_at),
    updated_at: isoSeconds(record.updated_at),
    permissions: { read: true, submit: !viewer.canManage, update: viewer.canManage, manage: viewer.canManage },
  };
}
