import { defineMessages } from 'react-intl';
import type { QuizSubmissionState, QuizType } from '../../../../contracts/quiz-attempt-dtos.ts';
import type { Messages } from '../../i18n/messages.ts';

/** Words the quiz page, the attempt screen and the attempt grader share. */
export const quizWords: Messages<'question' | 'questionText' | 'this' | 'quiz' | 'attempts' | 'attemptsWhat' | 'yourAnswer' | 'noAnswer'> = defineMessages({
  question: { id: 'quizTake.question', defaultMessage: 'Question {number}', description: 'The name of one question of a quiz, numbered from 1.' },
  questionText: { id: 'quizTake.question.text', defaultMessage: 'Text of question {number}', description: 'Names the frame that shows a question’s text.' },
  this: { id: 'quizTake.this', defaultMessage: 'this quiz', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' },
  quiz: { id: 'quizTake.title', defaultMessage: 'Quiz', description: 'Window title while the quiz loads.' },
  attempts: { id: 'quizTake.attempts.title', defaultMessage: 'Attempts', description: 'Heading and title: the attempts students made at a quiz.' },
  attemptsWhat: { id: 'quizTake.attempts.what', defaultMessage: 'the attempts', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' },
  yourAnswer: { id: 'quizTake.answer.yours', defaultMessage: 'Your answer', description: 'Label of the box where a student writes an answer.' },
  noAnswer: { id: 'quizTake.answer.none', defaultMessage: 'No answer given.' },
});

export const QUIZ_TYPES: Messages<QuizType> = defineMessages({
  practice_quiz: { id: 'quizTake.type.practice', defaultMessage: 'Practice quiz' },
  assignment: { id: 'quizTake.type.graded', defaultMessage: 'Graded quiz' },
  graded_survey: { id: 'quizTake.type.gradedSurvey', defaultMessage: 'Graded survey' },
  survey: { id: 'quizTake.type.survey', defaultMessage: 'Ungraded survey' },
});

/** An attempt's state, as a grader's list and the student's page say it. */
export const ATTEMPT_STATES: Messages<QuizSubmissionState> = defineMessages({
  settings_only: { id: 'quizTake.state.notStarted', defaultMessage: 'Not started' },
  untaken: { id: 'quizTake.state.inProgress', defaultMessage: 'In progress' },
  pending_review: { id: 'quizTake.state.pendingReview', defaultMessage: 'Waiting for grading' },
  complete: { id: 'quizTake.state.complete', defaultMessage: 'Graded' },
});
