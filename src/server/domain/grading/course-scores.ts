import { createHash } from 'node:crypto';
import type { AssignmentData } from '../records/content-records.ts';
import type { AssignmentGroupData, CourseScoreData } from '../records/grading-records.ts';
import type { SubmissionData } from '../records/submission-records.ts';
import type { Repositories } from '../repositories.ts';
import type { PlannedWrite, Stored, WriteStamp } from '../repository.ts';
import { courseScores, groupScores, type CourseScores, type GroupScores, type GradingStructure, type TotalsAssignment, type TotalsGroup } from '../../../contracts/grading/course-totals.ts';

/** A course's grading structure with its digest, loaded once per request or write. */
export interface LoadedStructure extends GradingStructure {
  readonly courseId: number;
  readonly basis: string;
}

/** Assignments of a course with no assignment group yet count in this stand-in (Canvas's lazy default group). */
const NO_GROUP: TotalsGroup = { id: 0, weight: 0, rules: { drop_lowest: 0, drop_highest: 0, never_drop: [] } };

/** A course's live assignment groups, in Canvas's order: position, then id. */
export async function activeGroups(repos: Repositories, courseId: number): Promise<Stored<AssignmentGroupData>[]> {
  const all = await repos.assignmentGroups.find({ course_id: courseId }, [{ sort_key: 'asc' }]);
  return all.filter((g) => g.data.workflow_state === 'available');
}

/**
 * The group an assignment counts in: its own if that is one of the course's live groups, else the first, as
 * Canvas moves work into the course's first group; undefined when the course has no group yet.
 */
export function groupOf(assignment: AssignmentData, groups: ReadonlyArray<{ id: number }>): number | undefined {
  const own = assignment.assignment_group_id;
  return groups.some((g) => g.id === own) ? (own ?? undefined) : groups[0]?.id;
}

/**
 * Each student's stored course totals (records/grading-records.ts): computed in the same write as the grade that
 * changes them, for that student only, and recomputed on read when the course's grading structure has changed
 * since they were stored (a group weight, a drop rule, an assignment's points), so no change has to rescan the
 * course.
 */
export class CourseScoreStore {
  readonly #repos: Repositories;

  constructor(repos: Repositories) {
    this.#repos = repos;
  }

  async structure(courseId: number): Promise<LoadedStructure> {
    const [course, groups, assignments] = await Promise.all([
      this.#repos.courses.get(courseId),
      activeGroups(this.#repos, courseId),
      this.#repos.assignments.find({ course_id: courseId }, [{ sort_key: 'asc' }]),
    ]);
    const totalsGroups: TotalsGroup[] = groups.map((g) => ({
      id: g.id,
      weight: g.data.group_weight,
      rules: { drop_lowest: g.data.rules.drop_lowest ?? 0, drop_highest: g.data.rules.drop_highest ?? 0, never_drop: g.data.rules.never_drop ?? [] },
    }));
    const counted: TotalsAssignment[] = assignments
      .filter((a) => a.data.workflow_state === 'published' && a.data.grading_type !== 'not_graded' && !a.data.omit_from_final_grade)
      .map((a) => ({
        id: a.id,
        group_id: groupOf(a.data, totalsGroups) ?? NO_GROUP.id,
        points_possible: a.data.points_possible,
        muted: a.data.muted ?? false,
      }));
    const structure: GradingStructure = {
      weighted: course?.data.apply_assignment_group_weights ?? false,
      groups: totalsGroups.length > 0 ? totalsGroups : [NO_GROUP],
      assignments: counted,
    };
    const basis = createHash('sha256').update(JSON.stringify(structure)).digest('base64url').slice(0, 22);
    return { ...structure, courseId, basis };
  }

  /**
   * The score writes that go with submission records about to be written (one per student whose totals they
   * change), for the caller's `writeTogether`: the student's other submissions are read, these replace theirs.
   */
  async plan(structure: LoadedStructure, changed: readonly SubmissionData[], stamp: WriteStamp): Promise<PlannedWrite[]> {
    const { courseScores: repo, submissions } = this.#repos;
    const byStudent = Map.groupBy(changed, (s) => s.user_id);
    const userIds = [...byStudent.keys()];
    const [stored, reads] = await Promise.all([
      submissions.ofUsersInCourse(structure.courseId, userIds),
      repo.ofUsersInCourse(structure.courseId, userIds),
    ]);
    const storedBy = Map.groupBy(stored, (s) => s.data.user_id);
    const readBy = new Map(reads.map((r) => [r.data.user_id, r]));
    const writes: PlannedWrite[] = [];
    for (const [userId, mine] of byStudent) {
      const latest = new Map((storedBy.get(userId) ?? []).map((s) => [s.data.assignment_id, s.data]));
      for (const s of mine) latest.set(s.assignment_id, s);
      const next: CourseScoreData = { course_id: structure.courseId, user_id: userId, ...courseScores(structure, [...latest.values()]), basis: structure.basis };
      const read = readBy.get(userId);
      if (read && sameScores(read.data, next)) continue;
      writes.push(read ? repo.replacement(read, next, stamp) : repo.insertion(await repo.build(next, stamp)));
    }
    return writes;
  }

  /** The students' totals: stored ones computed from this structure, the others computed now from their submissions. */
  async read(structure: LoadedStructure, userIds: readonly number[]): Promise<Map<number, CourseScores>> {
    const wanted = [...new Set(userIds)];
    const stored = await this.#repos.courseScores.ofUsersInCourse(structure.courseId, wanted);
    const scores = new Map<number, CourseScores>();
    for (const s of stored) if (s.data.basis === structure.basis) scores.set(s.data.user_id, s.data);
    const stale = wanted.filter((id) => !scores.has(id));
    if (stale.length === 0) return scores;
    const submissions = Map.groupBy(
      await this.#repos.submissions.ofUsersInCourse(structure.courseId, stale),
      (s) => s.data.user_id,
    );
    for (const id of stale) scores.set(id, courseScores(structure, (submissions.get(id) ?? []).map((s) => s.data)));
    return scores;
  }

  /** One student's posted group percentages, computed from their submissions (groups are not stored). */
  async groups(structure: LoadedStructure, userId: number): Promise<GroupScores[]> {
    const submissions = await this.#repos.submissions.find({ course_id: structure.courseId, user_id: userId });
    return groupScores(structure, submissions.map((s) => s.data), 'posted');
  }
}

function sameScores(a: CourseScoreData, b: CourseScoreData): boolean {
  return (
    a.basis === b.basis &&
    a.current_score === b.current_score &&
    a.final_score === b.final_score &&
    a.unposted_current_score === b.unposted_current_score &&
    a.unposted_final_score === b.unposted_final_score
  );
}
