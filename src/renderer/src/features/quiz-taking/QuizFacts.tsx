import { useIntl } from 'react-intl';
import type { Quiz } from '../../../../contracts/quiz-attempt-dtos.ts';
import { formatDateTime, formatPoints } from '../../lib/format.ts';
import { QUIZ_TYPES } from './quiz-words.ts';

/** A quiz's rules as a list of terms: what it is worth, its time, attempts, dates and what results it shows. */
export function QuizFacts({ quiz }: { quiz: Quiz }) {
  const intl = useIntl();
  const results =
    quiz.hide_results === 'always'
      ? intl.formatMessage({ id: 'quizTake.fact.results.never', defaultMessage: 'Not shown to students' })
      : quiz.hide_results === 'until_after_last_attempt'
        ? intl.formatMessage({ id: 'quizTake.fact.results.afterLast', defaultMessage: 'Shown after the last attempt' })
        : intl.formatMessage({ id: 'quizTake.fact.results.each', defaultMessage: 'Shown after each attempt' });
  const facts: Array<[string, string | undefined]> = [
    [intl.formatMessage({ id: 'quizTake.fact.type', defaultMessage: 'Type' }), intl.formatMessage(QUIZ_TYPES[quiz.quiz_type])],
    [intl.formatMessage({ id: 'quizTake.fact.points', defaultMessage: 'Points' }), formatPoints(quiz.points_possible)],
    [intl.formatMessage({ id: 'quizTake.fact.questions', defaultMessage: 'Questions' }), intl.formatNumber(quiz.question_count)],
    [
      intl.formatMessage({ id: 'quizTake.fact.timeLimit', defaultMessage: 'Time limit' }),
      quiz.time_limit === null
        ? intl.formatMessage({ id: 'quizTake.fact.timeLimit.none', defaultMessage: 'No time limit' })
        : intl.formatMessage({ id: 'quizTake.fact.timeLimit.minutes', defaultMessage: '{minutes, plural, one {# minute} other {# minutes}}' }, { minutes: quiz.time_limit }),
    ],
    [
      intl.formatMessage({ id: 'quizTake.fact.attemptsAllowed', defaultMessage: 'Attempts allowed' }),
      quiz.allowed_attempts < 0 ? intl.formatMessage({ id: 'quizTake.fact.attempts.unlimited', defaultMessage: 'Unlimited' }) : intl.formatNumber(quiz.allowed_attempts),
    ],
    [intl.formatMessage({ id: 'quizTake.fact.due', defaultMessage: 'Due' }), formatDateTime(quiz.due_at)],
    [intl.formatMessage({ id: 'quizTake.fact.unlockAt', defaultMessage: 'Available from' }), formatDateTime(quiz.unlock_at)],
    [intl.formatMessage({ id: 'quizTake.fact.lockAt', defaultMessage: 'Available until' }), formatDateTime(quiz.lock_at)],
    [intl.formatMessage({ id: 'quizTake.fact.results', defaultMessage: 'Results' }), results],
    [
      intl.formatMessage({ id: 'quizTake.fact.correctAnswers', defaultMessage: 'Correct answers' }),
      quiz.show_correct_answers
        ? intl.formatMessage({ id: 'quizTake.fact.correctAnswers.shown', defaultMessage: 'Shown with the results' })
        : intl.formatMessage({ id: 'quizTake.fact.correctAnswers.hidden', defaultMessage: 'Not shown' }),
    ],
  ];
  return (
    <dl className="facts" aria-label={intl.formatMessage({ id: 'quizTake.facts', defaultMessage: 'Quiz rules' })}>
      {facts
        .filter((fact): fact is [string, string] => fact[1] !== undefined)
        .map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
