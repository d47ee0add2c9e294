import type { CoreServices } from '../../core-services.ts';
import { CourseScoreStore } from '../../domain/grading/course-scores.ts';
import type { CourseScores, GroupScores } from '../../../contracts/grading/course-totals.ts';
import { letterForCourse } from '../../../contracts/grading/grading-scheme.ts';
import type { Principal } from '../../domain/principal.ts';
import type { CourseData } from '../../domain/records/course-records.ts';
import type { Stored } from '../../domain/repository.ts';

/** The score fields of Canvas's enrollment `grades`, as one viewer may see them. */
export interface ShownGrades {
  current_grade: string | null;
  current_score: number | null;
  final_grade: string | null;
  final_score: number | null;
  /** Only for those who may see every grade (manage_grades or view_all_grades). */
  unposted_current_grade?: string | null;
  unposted_current_score?: number | null;
  unposted_final_grade?: string | null;
  unposted_final_score?: number | null;
}

const GRADERS = ['manage_grades', 'view_all_grades'] as const;

/** A course's letter for a score, from its grading standard (none without one). */
export function courseLetter(course: CourseData, score: number | null): string | null {
  return letterForCourse(course.grading_standard_id, score);
}

/**
 * Students' course totals as a viewer may see them: a student their own and an observer their student's, posted
 * grades only; graders every student they can see, with the unposted totals too. Others see none.
 */
export class StudentGrades {
  readonly #services: CoreServices;
  readonly #scores: CourseScoreStore;

  constructor(services: CoreServices) {
    this.#services = services;
    this.#scores = new CourseScoreStore(services.repos);
  }

  async forViewer(principal: Principal, course: Stored<CourseData>, studentIds: readonly number[]): Promise<Map<number, ShownGrades>> {
    const { access } = this.#services;
    const [visible, grader] = await Promise.all([
      access.visibleStudents(principal, course.id),
      access.canAny(principal, GRADERS, { type: 'course', courseId: course.id }),
    ]);
    const shown = studentIds.filter((id) => visible === 'all' || visible.has(id) || id === principal.userId);
    if (shown.length === 0) return new Map();
    const scores = await this.#scores.read(await this.#scores.structure(course.id), shown);
    return new Map([...scores].map(([id, s]) => [id, gradesJson(course.data, s, grader)]));
  }

  /** One student's posted group percentages, by group id, when the viewer may see that student's grades. */
  async groupsForViewer(principal: Principal, course: Stored<CourseData>, studentId: number): Promise<Map<number, GroupScores> | undefined> {
    const visible = studentId === principal.userId || (await this.#services.access.visibleStudents(principal, course.id));
    if (visible !== true && visible !== 'all' && !visible.has(studentId)) return undefined;
    const groups = await this.#scores.groups(await this.#scores.structure(course.id), studentId);
    return new Map(groups.map((g) => [g.id, g]));
  }
}

function gradesJson(course: CourseData, s: CourseScores, withUnposted: boolean): ShownGrades {
  const grades: ShownGrades = {
    current_grade: courseLetter(course, s.current_score),
    current_score: s.current_score,
    final_grade: courseLetter(course, s.final_score),
    final_score: s.final_score,
  };
  if (!withUnposted) return grades;
  return {
    ...grades,
    unposted_current_grade: courseLetter(course, s.unposted_current_score),
    unposted_current_score: s.unposted_current_score,
    unposted_final_grade: courseLetter(course, s.unposted_final_score),
    unposted_final_score: s.unposted_final_score,
  };
}
