import type { Quiz, QuizQuestion } from '../../../../contracts/quiz-authoring-dtos.ts';
import { toCourseInput } from '../../lib/course-time.ts';
import { htmlTextLines } from '../../lib/html-lines.ts';
import { blankAnswer, questionWriteOf, savedForm, type QuestionDraft } from './question-drafts.ts';
import type { QuizFormValues } from './quiz-form-values.ts';

/* A saved quiz and its questions as the editor opens them (reading the questions' HTML needs the browser's parser). */

const numberText = (n: number | undefined) => (n === undefined ? '' : String(n));

/** A saved question as the editor shows it. */
export function questionDraftOf(q: QuizQuestion): QuestionDraft {
  const answers = q.answers.map((a) =>
    blankAnswer({
      text: a.left ?? a.text,
      correct: a.weight >= 100,
      blank: a.blank_id ?? '',
      right: a.right ?? '',
      kind: a.numerical_answer_type ?? 'exact_answer',
      first: numberText(a.numerical_answer_type === 'range_answer' ? a.start : a.numerical_answer_type === 'precision_answer' ? a.approximate : a.exact),
      second: numberText(a.numerical_answer_type === 'range_answer' ? a.end : a.numerical_answer_type === 'precision_answer' ? a.precision : a.margin),
    }),
  );
  const draft: QuestionDraft = {
    key: `saved-${q.id}`,
    id: q.id,
    type: q.question_type,
    text: htmlTextLines(q.question_text).join('\n'),
    points: String(q.points_possible),
    answers,
    distractors: q.matching_answer_incorrect_matches ?? '',
  };
  return { ...draft, saved: savedForm(questionWriteOf(draft, q.position)) };
}

/** The editor's values for a saved quiz, or empty ones (and a graded quiz with one attempt, Canvas's defaults) for a new one. */
export function quizFormValuesOf(quiz: Quiz | undefined, questions: readonly QuizQuestion[], timeZone: string): QuizFormValues {
  return {
    title: quiz?.title ?? '',
    description: quiz?.description ?? '',
    quizType: quiz?.quiz_type ?? 'assignment',
    timeLimit: quiz?.time_limit ? String(quiz.time_limit) : '',
    // Canvas's -1 is "unlimited", which the form shows as an empty box.
    allowedAttempts: quiz === undefined ? '1' : quiz.allowed_attempts < 0 ? '' : String(quiz.allowed_attempts),
    shuffleAnswers: quiz?.shuffle_answers ?? false,
    dueAt: toCourseInput(quiz?.due_at, timeZone),
    unlockAt: toCourseInput(quiz?.unlock_at, timeZone),
    lockAt: toCourseInput(quiz?.lock_at, timeZone),
    questions: questions.map(questionDraftOf),
    removed: [],
  };
}
