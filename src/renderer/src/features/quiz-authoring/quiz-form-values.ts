import { defineMessages } from '@formatjs/intl';
import type { QuizSave, QuizType, QuizWrite } from '../../../../contracts/quiz-authoring-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';
import { courseDatesOf } from '../assignments/assignment-form-values.ts';
import { questionWriteOf, savedForm, type QuestionDraft } from './question-drafts.ts';

/** The quiz editor as the person edits it: settings as typed, dates in the course's zone, and its questions. */
export interface QuizFormValues {
  title: string;
  description: string;
  quizType: QuizType;
  timeLimit: string;
  allowedAttempts: string;
  shuffleAnswers: boolean;
  dueAt: string;
  unlockAt: string;
  lockAt: string;
  questions: QuestionDraft[];
  /** Saved questions deleted in the editor, deleted on the server at the next save. */
  removed: number[];
}

export const QUIZ_TYPE_LABELS: Messages<QuizType> = defineMessages({
  assignment: { id: 'quizzes.type.assignment', defaultMessage: 'Graded quiz' },
  practice_quiz: { id: 'quizzes.type.practice', defaultMessage: 'Practice quiz' },
  graded_survey: { id: 'quizzes.type.gradedSurvey', defaultMessage: 'Graded survey' },
  survey: { id: 'quizzes.type.survey', defaultMessage: 'Ungraded survey' },
});

const problems: Messages<'noTitle' | 'badTimeLimit' | 'badAttempts' | 'question'> = defineMessages({
  noTitle: { id: 'quizzes.form.noTitle', defaultMessage: 'Give the quiz a title.' },
  badTimeLimit: { id: 'quizzes.form.badTimeLimit', defaultMessage: 'Time limit must be a whole number of minutes, 1 or more, or empty for none.' },
  badAttempts: { id: 'quizzes.form.badAttempts', defaultMessage: 'Allowed attempts must be a whole number, 1 or more, or empty for unlimited.' },
  question: { id: 'quizzes.form.questionProblem', defaultMessage: 'Question {number}: {problem}', description: '{problem}: what to put right in that question, a whole sentence.' },
});

/** A whole number of at least 1, or null for an empty box; undefined when it is neither. */
function wholeOrEmpty(typed: string): number | null | undefined {
  if (typed.trim() === '') return null;
  const n = Number(typed.trim());
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** Everything `Save quiz` sends, or the first thing to put right (the server checks it all again). */
export function quizSaveOf(values: QuizFormValues, timeZone: string): QuizSave | string {
  const intl = currentIntl();
  if (values.title.trim() === '') return intl.formatMessage(problems.noTitle);
  const timeLimit = wholeOrEmpty(values.timeLimit);
  if (timeLimit === undefined) return intl.formatMessage(problems.badTimeLimit);
  const attempts = wholeOrEmpty(values.allowedAttempts);
  if (attempts === undefined) return intl.formatMessage(problems.badAttempts);
  const dates = courseDatesOf({ due_at: values.dueAt, unlock_at: values.unlockAt, lock_at: values.lockAt }, timeZone);
  if (typeof dates === 'string') return dates;
  const quiz: QuizWrite = {
    title: values.title.trim(),
    description: values.description,
    quiz_type: values.quizType,
    time_limit: timeLimit,
    allowed_attempts: attempts ?? -1,
    shuffle_answers: values.shuffleAnswers,
    ...dates,
  };
  const questions: QuizSave['questions'] = [];
  for (const [index, q] of values.questions.entries()) {
    const write = questionWriteOf(q, index + 1);
    if (typeof write === 'string') return intl.formatMessage(problems.question, { number: index + 1, problem: write });
    questions.push({ key: q.key, id: q.id, write, changed: q.id === undefined || savedForm(write) !== q.saved });
  }
  return { quiz, questions, removed: values.removed };
}
