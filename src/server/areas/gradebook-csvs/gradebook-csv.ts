import { courseScores, groupScores, type GradingStructure } from '../../../contracts/grading/course-totals.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type { AssignmentGroupData } from '../../domain/records/grading-records.ts';
import type { SubmissionData } from '../../domain/records/submission-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { csvRecord, type CsvCell } from '../common/csv.ts';

/**
 * The layout of Canvas's gradebook CSV (`GradebookExporter`), shared by the export that writes it and the import
 * that reads it back (docs/canvas-compatibility.md, "Gradebook CSV").
 */
export const IDENTITY_COLUMNS = ['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section'] as const;

/** The total columns Canvas writes per assignment group (prefixed by its name) and for the course, in its order. */
export const SCORE_COLUMNS = ['Current Score', 'Unposted Current Score', 'Final Score', 'Unposted Final Score'] as const;

/** The Student cell of the row under the header that gives each assignment's points (Canvas indents it). */
export const POINTS_POSSIBLE = '    Points Possible';

/** What a totals cell says in the points-possible row: the importer ignores these columns. */
export const READ_ONLY = '(read only)';

/** Canvas's marker of an excused submission. */
export const EXCUSED = 'EX';

/** An assignment's column title: `Title (id)`; the importer finds the id in the parentheses at the end. */
export const assignmentColumn = (a: Stored<AssignmentData>): string => `${a.data.name} (${a.id})`;

/** The cell of one submission as the export writes it and the import compares it: `EX`, the score, or blank. */
export function gradeCell(s: Pick<SubmissionData, 'excused' | 'score'> | undefined): string | null {
  if (!s) return null;
  if (s.excused) return EXCUSED;
  return s.score === null ? null : String(s.score);
}

/** What one export lays out: the course's columns, fixed when the export starts its rows. */
export interface GradebookLayout {
  readonly customColumns: ReadonlyArray<{ id: number; title: string }>;
  /** Published, graded assignments, by group position then assignment position (Canvas's order). */
  readonly assignments: readonly Stored<AssignmentData>[];
  readonly groups: readonly Stored<AssignmentGroupData>[];
  readonly structure: GradingStructure;
}

export function headerRecords(layout: GradebookLayout): string {
  const header: CsvCell[] = [
    ...IDENTITY_COLUMNS,
    ...layout.customColumns.map((c) => c.title),
    ...layout.assignments.map(assignmentColumn),
    ...layout.groups.flatMap((g) => SCORE_COLUMNS.map((c) => `${g.data.name} ${c}`)),
    ...SCORE_COLUMNS,
  ];
  const totals = (layout.groups.length + 1) * SCORE_COLUMNS.length;
  const points: CsvCell[] = [
    POINTS_POSSIBLE,
    ...IDENTITY_COLUMNS.slice(1).map(() => ''),
    ...layout.customColumns.map(() => ''),
    ...layout.assignments.map((a) => a.data.points_possible ?? ''),
    ...Array.from({ length: totals }, () => READ_ONLY),
  ];
  return csvRecord(header) + csvRecord(points);
}

export interface StudentRow {
  readonly id: number;
  readonly sortableName: string;
  readonly sisUserId: string | null;
  readonly loginId: string;
  readonly sections: readonly string[];
  readonly columnData: ReadonlyMap<number, string>;
  readonly submissions: readonly SubmissionData[];
}

export function studentRecord(layout: GradebookLayout, row: StudentRow): string {
  const byAssignment = new Map(row.submissions.map((s) => [s.assignment_id, s]));
  const scores = row.submissions.map((s) => ({ assignment_id: s.assignment_id, score: s.score, excused: s.excused }));
  const posted = new Map(groupScores(layout.structure, scores, 'posted').map((g) => [g.id, g]));
  const unposted = new Map(groupScores(layout.structure, scores, 'unposted').map((g) => [g.id, g]));
  const course = courseScores(layout.structure, scores);
  return csvRecord([
    row.sortableName,
    row.id,
    row.sisUserId ?? '',
    row.loginId,
    row.sections.join(', '),
    ...layout.customColumns.map((c) => row.columnData.get(c.id) ?? ''),
    ...layout.assignments.map((a) => {
      const cell = gradeCell(byAssignment.get(a.id));
      return cell === null || cell === EXCUSED ? cell : Number(cell);
    }),
    ...layout.groups.flatMap((g) => [posted.get(g.id)?.current_score, unposted.get(g.id)?.current_score, posted.get(g.id)?.final_score, unposted.get(g.id)?.final_score]),
    course.current_score,
    course.unposted_current_score,
    course.final_score,
    course.unposted_final_score,
  ]);
}
