import { describe, expect, it } from 'vitest';
import { markers, scoreText } from '../../../src/renderer/src/features/grades/grade-cells.ts';
import { formatPercent } from '../../../src/renderer/src/lib/format.ts';
import { plainTextHtml } from '../../../src/renderer/src/lib/plain-text-html.ts';
import type { Submission } from '../../../src/contracts/grading-dtos.ts';
import type { Assignment } from '../../../src/contracts/lms-dtos.ts';

/** How the Grades table and the feedback words what the API released, and how a plain reply becomes HTML. */
describe('feedback wording', () => {
  const assignment = (fields: Partial<Assignment> = {}) => ({ id: 1, name: 'Essay', points_possible: 10, ...fields }) as Assignment;
  const submission = (fields: Partial<Submission> = {}) =>
    ({ score: null, grade: null, excused: false, late: false, missing: false, ...fields }) as Submission;

  it('a score as released: points of possible, the letter when it differs, excused, not posted, or a dash', () => {
    expect(scoreText(assignment(), submission({ score: 8, grade: '8' }))).toBe('8 / 10');
    expect(scoreText(assignment(), submission({ score: 9, grade: 'A-' }))).toBe('9 / 10 (A-)');
    expect(scoreText(assignment(), submission({ excused: true }))).toBe('Excused');
    expect(scoreText(assignment({ muted: true }), submission({ score: null }))).toBe('Not posted yet');
    expect(scoreText(assignment(), undefined)).toBe('– / 10');
    expect(scoreText(assignment({ points_possible: null }), submission({ score: 3, grade: '3' }))).toBe('3');
  });

  it('markers: late and missing, or excused alone', () => {
    expect(markers(submission({ late: true, missing: true }))).toEqual(['Late', 'Missing']);
    expect(markers(submission({ excused: true, late: true }))).toEqual(['Excused']);
    expect(markers(undefined)).toEqual([]);
    expect(formatPercent(null)).toBe('–');
    expect(formatPercent(46.67)).toBe('46.67%');
  });

  it('a plain reply is escaped, a paragraph per blank-line block, line breaks kept', () => {
    expect(plainTextHtml('  a < b & "c"\nnext\n\nsecond  ')).toBe('<p>a &lt; b &amp; &quot;c&quot;<br>next</p><p>second</p>');
  });
});
