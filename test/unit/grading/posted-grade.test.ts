import { describe, expect, it } from 'vitest';
import { letterForPercent, percentForLetter } from '../../../src/contracts/grading/grading-scheme.ts';
import { gradeForScore, parsePostedGrade, type GradedAssignment } from '../../../src/server/domain/grading/posted-grade.ts';

const of = (grading_type: GradedAssignment['grading_type'], points_possible: number | null = 10): GradedAssignment => ({ grading_type, points_possible });

describe('grading scheme', () => {
  it('maps a percentage to the highest cutoff at or below it', () => {
    expect(letterForPercent(94)).toBe('A');
    expect(letterForPercent(93.99)).toBe('A-');
    expect(letterForPercent(85)).toBe('B');
    expect(letterForPercent(60.9)).toBe('F');
    expect(letterForPercent(-5)).toBe('F');
    expect(letterForPercent(120)).toBe('A');
  });

  it('maps a letter back to just below the next cutoff, the top letter to 100, ignoring case', () => {
    expect(percentForLetter('A')).toBe(100);
    expect(percentForLetter('a-')).toBe(93);
    expect(percentForLetter('F')).toBe(60);
    expect(percentForLetter('Z')).toBeUndefined();
    const tight = [{ name: 'P', cutoff: 50.5 }, { name: 'Q', cutoff: 50 }, { name: 'R', cutoff: 0 }];
    expect(percentForLetter('Q', tight)).toBeCloseTo(50.4);
  });
});

describe('parsePostedGrade', () => {
  it('blank clears', () => {
    expect(parsePostedGrade('  ', of('points'))).toEqual({ kind: 'clear' });
    expect(parsePostedGrade('', of('not_graded'))).toEqual({ kind: 'clear' });
  });

  it('points: the number, above points_possible allowed, no trailing .0', () => {
    expect(parsePostedGrade('10', of('points'))).toEqual({ kind: 'grade', score: 10, grade: '10' });
    expect(parsePostedGrade('13.50', of('points'))).toEqual({ kind: 'grade', score: 13.5, grade: '13.5' });
    expect(parsePostedGrade('80%', of('points'))).toEqual({ kind: 'grade', score: 8, grade: '8' });
    expect(parsePostedGrade('complete', of('points'))).toEqual({ kind: 'grade', score: 10, grade: '10' });
  });

  it('percent: the grade is the rounded percentage', () => {
    expect(parsePostedGrade('8', of('percent'))).toEqual({ kind: 'grade', score: 8, grade: '80%' });
    expect(parsePostedGrade('5', of('percent', 6))).toEqual({ kind: 'grade', score: 5, grade: '83.33%' });
    expect(parsePostedGrade('85%', of('percent'))).toEqual({ kind: 'grade', score: 8.5, grade: '85%' });
  });

  it('letter_grade: numbers and percentages become letters, letters become scores', () => {
    expect(parsePostedGrade('85%', of('letter_grade'))).toEqual({ kind: 'grade', score: 8.5, grade: 'B' });
    expect(parsePostedGrade('A-', of('letter_grade', 100))).toEqual({ kind: 'grade', score: 93, grade: 'A-' });
    expect(parsePostedGrade('b+', of('letter_grade', 100))).toEqual({ kind: 'grade', score: 89, grade: 'B+' });
    expect(parsePostedGrade('A', of('letter_grade', 0))).toEqual({ kind: 'grade', score: 0, grade: 'A' });
  });

  it('gpa_scale: a digit means a scheme lookup, which misses in the default scheme', () => {
    expect(parsePostedGrade('3.7', of('gpa_scale'))).toBeUndefined();
    expect(parsePostedGrade('B', of('gpa_scale', 100))).toEqual({ kind: 'grade', score: 86, grade: 'B' });
    expect(parsePostedGrade('90%', of('gpa_scale'))).toEqual({ kind: 'grade', score: 9, grade: 'A-' });
  });

  it('pass_fail: only full marks or none; words normalized', () => {
    expect(parsePostedGrade('pass', of('pass_fail'))).toEqual({ kind: 'grade', score: 10, grade: 'complete' });
    expect(parsePostedGrade('Incomplete', of('pass_fail'))).toEqual({ kind: 'grade', score: 0, grade: 'incomplete' });
    expect(parsePostedGrade('10', of('pass_fail'))).toEqual({ kind: 'grade', score: 10, grade: 'complete' });
    expect(parsePostedGrade('0%', of('pass_fail'))).toEqual({ kind: 'grade', score: 0, grade: 'incomplete' });
    expect(parsePostedGrade('5', of('pass_fail'))).toBeUndefined();
    expect(parsePostedGrade('50%', of('pass_fail'))).toBeUndefined();
  });

  it('anything else is unparseable (undefined), never a silent clear', () => {
    expect(parsePostedGrade('abc', of('points'))).toBeUndefined();
    expect(parsePostedGrade('10abc', of('points'))).toBeUndefined();
    expect(parsePostedGrade('Z', of('letter_grade'))).toBeUndefined();
    expect(parsePostedGrade('5', of('not_graded'))).toBeUndefined();
    expect(parsePostedGrade('1e99', of('points'))).toBeUndefined();
  });
});

describe('gradeForScore', () => {
  it('formats a score in the assignment’s grading type', () => {
    expect(gradeForScore(6, of('points'))).toBe('6');
    expect(gradeForScore(6, of('percent'))).toBe('60%');
    expect(gradeForScore(6.5, of('letter_grade'))).toBe('D');
    expect(gradeForScore(0, of('pass_fail'))).toBe('incomplete');
    expect(gradeForScore(6, of('not_graded'))).toBeNull();
  });
});
