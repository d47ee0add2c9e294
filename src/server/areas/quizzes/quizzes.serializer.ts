import { quizSettings, type QuizData } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { ContentViewer } from '../common/course-content.ts';

/** Canvas's Quiz JSON (`lib/api/v1/quiz.rb`). */
export function quizJson(record: Stored<QuizData>, baseUrl: string, viewer: ContentViewer, assignmentGroupId: number | null = null): Record<string, unknown> {
  const q = record.data;
  const settings = quizSettings(q);
  const htmlUrl = `${baseUrl}/courses/${q.course_id}/quizzes/${record.id}`;
  return {
    id: record.id,
    title: q.title,
    html_url: htmlUrl,
    mobile_url: `${htmlUrl}?force_user=1&persist_headless=1`,
    description: q.description,
    quiz_type: q.quiz_type,
    assignment_id: q.assignment_id,
    assignment_group_id: assignmentGroupId,
    time_limit: q.time_limit,
    shuffle_answers: q.shuffle_answers,
    hide_results: settings.hide_results,
    show_correct_answers: settings.show_correct_answers,
    show_correct_answers_last_attempt: settings.show_correct_answers_last_attempt,
    show_correct_answers_at: settings.show_correct_answers_at,
    hide_correct_answers_at: settings.hide_correct_answers_at,
    scoring_policy: settings.scoring_policy,
    allowed_attempts: q.allowed_attempts,
    one_question_at_a_time: settings.one_question_at_a_time,
    question_count: q.question_count ?? 0,
    points_possible: q.points_possible,
    cant_go_back: settings.cant_go_back,
    // Only those who edit the quiz see the code; a taker sends it.
    access_code: viewer.canManage ? settings.access_code : undefined,
    has_access_code: settings.access_code !== null,
    due_at: q.due_at,
    lock_at: q.lock_at,
    unlock_at: q.unlock_at,
    published: q.workflow_state === 'published',
    unpublishable: true,
    locked_for_user: false,
    question_types: q.question_types ?? [],
    anonymous_submissions: false,
    created_at: isoSeconds(record.created_at),
    updated_at: isoSeconds(record.updated_at),
    permissions: { read: true, submit: !viewer.canManage, update: viewer.canManage, manage: viewer.canManage },
  };
}
