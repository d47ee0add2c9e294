import type { LatePolicy } from '../grading/late-policy.ts';

/**
 * A course's late policy (Canvas's LatePolicy): at most one per course, found by its course through the lookup
 * key. It lives in the `course` collection with the rest of the course's grading setup (docs/architecture.md §4.2).
 */
export interface LatePolicyData extends LatePolicy {
  course_id: number;
}

export const latePolicyKey = (courseId: number): string => `late_policy:${courseId}`;
