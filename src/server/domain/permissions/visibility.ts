import type { Actor, PermissionFacts, VisibilityFacts } from './facts.ts';
import { courseGrantSources, reaches, studentSections, type GrantSource } from './grant-sources.ts';
import type { PermissionName } from './permission-catalog.ts';

/** Seeing other students' work is a grading right: a designer (view_all_grades off) sees no one's. */
const GRADE_VIEWING: readonly PermissionName[] = ['view_all_grades', 'manage_grades'];

/**
 * The students whose course work (submissions, grades, progress) the actor may see: 'all', or the ids to filter
 * a list by. Students see themselves, observers their linked students, graders everyone or — when
 * section-limited — their sections' students. Each grant contributes only its own reach.
 */
export function visibleStudentIds(actor: Actor, courseId: number, facts: VisibilityFacts): 'all' | ReadonlySet<number> {
  const seeing = studentSeeingSources(actor, courseId, facts);
  if (seeing.some(reachesAll)) return 'all';
  const students = studentSections(facts.roster, courseId);
  return new Set([...students.keys()].filter((id) => seeing.some((source) => reaches(source.reach, id, students))));
}

/** Whether `visibleStudentIds` is 'all', which the actor's own facts decide: the roster need not be read for it. */
export function seesEveryStudent(actor: Actor, courseId: number, facts: PermissionFacts): boolean {
  return studentSeeingSources(actor, courseId, facts).some(reachesAll);
}

const reachesAll = (source: GrantSource) => source.reach.kind === 'all';

/** The actor's grants in the course that show students' work: relational ones (self, observees) and grading ones. */
function studentSeeingSources(actor: Actor, courseId: number, facts: PermissionFacts): GrantSource[] {
  return courseGrantSources(actor, courseId, facts).filter((source) => source.relational || GRADE_VIEWING.some((permission) => source.holds(permission)));
}

/**
 * The sections whose rosters the actor may see: 'all' when any grant holds read_roster course-wide, else the
 * sections of the section-limited grants that hold it.
 */
export function visibleSectionIds(actor: Actor, courseId: number, facts: PermissionFacts): 'all' | ReadonlySet<number> {
  const sections = new Set<number>();
  for (const source of courseGrantSources(actor, courseId, facts)) {
    if (!source.holds('read_roster')) continue;
    if (source.limitedToSection === undefined) return 'all';
    sections.add(source.limitedToSection);
  }
  return sections;
}
