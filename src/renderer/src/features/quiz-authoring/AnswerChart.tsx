import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { Messages } from '../../i18n/messages.ts';
import type { AnswerStatistics } from '../../../../contracts/quiz-authoring-dtos.ts';
import { DataTable } from '../../components/DataTable.tsx';

const words = defineMessages({
  answer: { id: 'quizzes.stats.answer', defaultMessage: 'Answer' },
  correct: { id: 'quizzes.stats.correct', defaultMessage: 'Correct' },
  students: { id: 'quizzes.stats.students', defaultMessage: 'Students' },
  yes: { id: 'quizzes.stats.yes', defaultMessage: 'Yes', description: 'In the Correct column: this answer is right.' },
  no: { id: 'quizzes.stats.no', defaultMessage: 'No', description: 'In the Correct column: this answer is wrong.' },
  count: { id: 'quizzes.stats.count', defaultMessage: '{count, plural, one {# student} other {# students}}' },
  none: { id: 'quizzes.stats.noAnswer', defaultMessage: 'No answer' },
  other: { id: 'quizzes.stats.other', defaultMessage: 'Another answer', description: 'Answers given that match none of those listed.' },
  exact: { id: 'quizzes.stats.exact', defaultMessage: '{value, number}' },
  exactMargin: { id: 'quizzes.stats.exactMargin', defaultMessage: '{value, number} ± {margin, number}' },
  range: { id: 'quizzes.stats.range', defaultMessage: '{start, number} to {end, number}' },
  precision: { id: 'quizzes.stats.precision', defaultMessage: '{value, number} to {digits, plural, one {# significant digit} other {# significant digits}}' },
});
/** Typed for their arguments (i18n/messages.ts). */
const m: Messages<keyof typeof words> = words;

/** An answer's words: its text, a numerical answer's numbers, or what a catch-all row stands for. */
function answerLabel(intl: IntlShape, a: AnswerStatistics): string {
  if (a.id === 'none') return intl.formatMessage(m.none);
  if (a.id === 'other') return intl.formatMessage(m.other);
  switch (a.numerical_answer_type) {
    case 'exact_answer':
      return intl.formatMessage(a.margin ? m.exactMargin : m.exact, { value: a.exact, margin: a.margin });
    case 'range_answer':
      return intl.formatMessage(m.range, { start: a.start, end: a.end });
    case 'precision_answer':
      return intl.formatMessage(m.precision, { value: a.approximate, digits: a.precision });
    default:
      return a.text;
  }
}

/**
 * How many students gave each answer: bars to see at a glance, each with its words and count as text, then a table
 * of the same numbers for those who read them rather than look. The bars are drawn with CSS, their length a share
 * of the students who took the quiz.
 */
export function AnswerChart({ caption, answers, students }: { caption: string; answers: AnswerStatistics[]; students: number }) {
  const intl = useIntl();
  const labelled = answers.map((a) => ({ ...a, label: answerLabel(intl, a), count: intl.formatMessage(m.count, { count: a.responses }) }));
  return (
    <div className="answer-chart">
      <figure>
        <figcaption>{caption}</figcaption>
        <ul className="plain-list">
          {labelled.map((a) => (
            <li key={a.id} className={a.correct ? 'answer-bar correct' : 'answer-bar'}>
              <span className="answer-bar-label" dir="auto">
                {a.label}
                {a.correct && (
                  <>
                    {' · '}
                    <strong>{intl.formatMessage(m.correct)}</strong>
                  </>
                )}
              </span>
              <span className="answer-bar-track" aria-hidden="true">
                <span className="answer-bar-fill" style={{ inlineSize: `${students > 0 ? (a.responses / students) * 100 : 0}%` }} />
              </span>
              <span className="answer-bar-count">{a.count}</span>
            </li>
          ))}
        </ul>
      </figure>
      <DataTable caption={caption} columns={[intl.formatMessage(m.answer), intl.formatMessage(m.correct), intl.formatMessage(m.students)]}>
        {labelled.map((a) => (
          <tr key={a.id}>
            <th scope="row" dir="auto">
              {a.label}
            </th>
            <td>{intl.formatMessage(a.correct ? m.yes : m.no)}</td>
            <td>{a.responses}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
