import type { CoreServices } from '../../core-services.ts';
import { effectiveEnrollmentState } from '../../domain/access.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import { PLANNABLE_TYPES, type PlannableType } from '../../domain/records/planner-records.ts';

/** Canvas's class name of each plannable type: what its 404 names, and what clients may send instead of the key. */
const CLASS_NAMES: Readonly<Record<PlannableType, string>> = {
  announcement: 'Announcement',
  assignment: 'Assignment',
  discussion_topic: 'DiscussionTopic',
  quiz: 'Quizzes::Quiz',
  wiki_page: 'WikiPage',
  planner_note: 'PlannerNote',
  assessment_request: 'AssessmentRequest',
};

/** A sent plannable_type: the lower-case key, or Canvas's class name (`DiscussionTopic`, `Quizzes::Quiz`). */
export function plannableTypeOf(raw: string | undefined): PlannableType {
  const key = (raw ?? '').replace(/^Quizzes::/, '').replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  const type = PLANNABLE_TYPES.find((t) => t === key);
  if (!type) throw ValidationError.field('plannable_type', raw === undefined ? "can't be blank" : 'is not a valid plannable type', raw === undefined ? 'blank' : 'invalid');
  return type;
}

/** Canvas's 404 for a plannable that is not there (docs/canvas-compatibility.md §9). */
const noObject = (type: PlannableType) => NotFoundError.saying(`No object of type ${CLASS_NAMES[type]} with that ID`, 'message');

/** A user's current course: whether they take it as a student (their own submissions count there). */
export interface PlannerCourse {
  readonly student: boolean;
}

/**
 * What may appear on a user's planner: content of the courses they are currently in (active or invited
 * enrollments, concluded ones left out as Canvas's to-do lists leave them), published only, and their own notes
 * and peer reviews.
 */
export class Plannables {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  async courses(principal: Principal, now: number): Promise<Map<number, PlannerCourse>> {
    const { repos } = this.#services;
    const enrollments = await repos.enrollments.find({ user_id: principal.userId });
    const courses = await repos.courses.getMany([...new Set(enrollments.map((e) => e.data.course_id))]);
    const current = new Map<number, PlannerCourse>();
    for (const e of enrollments) {
      const course = courses.get(e.data.course_id);
      if (!course || course.data.workflow_state === 'deleted') continue;
      const state = effectiveEnrollmentState(e.data, course.data, now);
      if (state !== 'active' && state !== 'invited') continue;
      const student = e.data.type === 'StudentEnrollment' || (current.get(course.id)?.student ?? false);
      current.set(course.id, { student });
    }
    return current;
  }

  /** The plannable's course (null for a note without one); a 404 naming its type unless the user may see it. */
  async courseOf(principal: Principal, type: PlannableType, id: number, now: number): Promise<number | null> {
    const { repos } = this.#services;
    const courses = await this.courses(principal, now);
    const inCourse = (record: { data: { course_id: number; workflow_state: string } } | undefined, published = 'published') => {
      if (!record || record.data.workflow_state !== published || !courses.has(record.data.course_id)) throw noObject(type);
      return record.data.course_id;
    };
    switch (type) {
      case 'assignment':
        return inCourse(await repos.assignments.get(id));
      case 'quiz':
        return inCourse(await repos.quizzes.get(id));
      case 'announcement':
      case 'discussion_topic': {
        const topic = await repos.discussionTopics.get(id);
        if (topic && topic.data.is_announcement !== (type === 'announcement')) throw noObject(type);
        return inCourse(topic);
      }
      case 'wiki_page': {
        const page = await repos.wikiPages.get(id);
        if (!page || page.data.context_type !== 'Course') throw noObject(type);
        return inCourse({ data: { course_id: page.data.context_id, workflow_state: page.data.workflow_state } }, 'active');
      }
      case 'planner_note': {
        const note = await repos.plannerNotes.get(id);
        if (!note || note.data.user_id !== principal.userId || note.data.workflow_state !== 'active') throw noObject(type);
        return note.data.course_id;
      }
      case 'assessment_request': {
        const review = await repos.peerReviews.get(id);
        if (!review || review.data.assessor_id !== principal.userId || review.data.workflow_state === 'deleted') throw noObject(type);
        return review.data.course_id;
      }
    }
  }
}
