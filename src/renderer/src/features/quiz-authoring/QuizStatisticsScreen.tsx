import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { Messages } from '../../i18n/messages.ts';
import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import type { QuestionStatistics, SubmissionStatistics } from '../../../../contracts/quiz-authoring-dtos.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { formatPoints } from '../../lib/format.ts';
import { htmlTextLines } from '../../lib/html-lines.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { NotFoundScreen } from '../../shell/NotFoundScreen.tsx';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { NotAllowed } from '../courses/NotAllowed.tsx';
import { AnswerChart } from './AnswerChart.tsx';
import { QUESTION_TYPE_LABELS, quizMessages } from './quiz-messages.ts';

const words = defineMessages({
  what: { id: 'quizzes.stats.what', defaultMessage: 'the statistics', description: 'Fills {what} in “Loading {what}…”.' },
  summary: { id: 'quizzes.stats.summary', defaultMessage: 'Summary' },
  measure: { id: 'quizzes.stats.measure', defaultMessage: 'Measure' },
  value: { id: 'quizzes.stats.value', defaultMessage: 'Value' },
  finished: { id: 'quizzes.stats.finished', defaultMessage: 'Students who finished' },
  average: { id: 'quizzes.stats.average', defaultMessage: 'Average score' },
  high: { id: 'quizzes.stats.high', defaultMessage: 'Highest score' },
  low: { id: 'quizzes.stats.low', defaultMessage: 'Lowest score' },
  time: { id: 'quizzes.stats.time', defaultMessage: 'Average time' },
  none: { id: 'quizzes.stats.none', defaultMessage: 'None yet', description: 'No score or time to show: nobody has finished the quiz.' },
  seconds: { id: 'quizzes.stats.seconds', defaultMessage: '{seconds, plural, one {# second} other {# seconds}}' },
  minutes: { id: 'quizzes.stats.minutes', defaultMessage: '{minutes, plural, one {# minute} other {# minutes}}' },
  answered: { id: 'quizzes.stats.answered', defaultMessage: '{answered} of {students, plural, one {# student} other {# students}} answered.' },
  answersTo: { id: 'quizzes.stats.answersTo', defaultMessage: 'Answers to question {number}' },
  answersToPart: { id: 'quizzes.stats.answersToPart', defaultMessage: 'Answers to question {number}: {part}', description: '{part}: a blank’s name or a matching question’s left side.' },
  graded: { id: 'quizzes.stats.graded', defaultMessage: '{graded} graded by hand, {full} with full points.' },
  noQuestions: { id: 'quizzes.stats.noQuestions', defaultMessage: 'This quiz has no questions yet.' },
});
/** Typed for their arguments (i18n/messages.ts). */
const m: Messages<keyof typeof words> = words;

/** `quizzes/:quizId/statistics`: how the class answered each question, as bars and as a table, for those who grade. */
export function QuizStatisticsScreen({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const quizId = idParam(useParams().quizId);
  if (quizId === undefined) return <NotFoundScreen />;
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.quizzes(course.id)}>
          <FormattedMessage {...quizMessages.all} />
        </Link>
      </p>
      {viewer.canGrade ? <Statistics course={course} quizId={quizId} /> : <NotAllowed course={course} what="quizStatistics" />}
    </article>
  );
}

function Statistics({ course, quizId }: { course: Course; quizId: number }) {
  const intl = useIntl();
  const quiz = useResource(resources.quiz(course.id, quizId));
  const statistics = useResource(resources.quizStatistics(course.id, quizId));
  const heading = quiz.status === 'loaded' ? intl.formatMessage(quizMessages.statisticsNamed, { title: quiz.data.title }) : intl.formatMessage(m.what);
  useDocumentTitle(heading, course.name);
  return (
    <>
      <h2>{quiz.status === 'loaded' ? <FormattedMessage {...quizMessages.statisticsNamed} values={{ title: <bdi>{quiz.data.title}</bdi> }} /> : heading}</h2>
      <Loaded value={statistics} what={intl.formatMessage(m.what)}>
        {(stats) => (
          <>
            <Summary stats={stats.submission_statistics} />
            {stats.question_statistics.length === 0 ? (
              <p className="muted">
                <FormattedMessage {...m.noQuestions} />
              </p>
            ) : (
              stats.question_statistics.map((q, index) => <QuestionSection key={q.id} question={q} number={index + 1} students={stats.submission_statistics.unique_count} />)
            )}
          </>
        )}
      </Loaded>
    </>
  );
}

function Summary({ stats }: { stats: SubmissionStatistics }) {
  const intl = useIntl();
  const score = (value: number | null) => (value === null ? intl.formatMessage(m.none) : formatPoints(Math.round(value * 100) / 100));
  const seconds = stats.duration_average;
  const time =
    seconds === null
      ? intl.formatMessage(m.none)
      : seconds < 90
        ? intl.formatMessage(m.seconds, { seconds: Math.round(seconds) })
        : intl.formatMessage(m.minutes, { minutes: Math.round(seconds / 60) });
  const rows: Array<[string, string]> = [
    [intl.formatMessage(m.finished), String(stats.unique_count)],
    [intl.formatMessage(m.average), score(stats.score_average)],
    [intl.formatMessage(m.high), score(stats.score_high)],
    [intl.formatMessage(m.low), score(stats.score_low)],
    [intl.formatMessage(m.time), time],
  ];
  return (
    <section aria-labelledby="quiz-stats-summary">
      <h3 id="quiz-stats-summary">{intl.formatMessage(m.summary)}</h3>
      <DataTable caption={intl.formatMessage(m.summary)} columns={[intl.formatMessage(m.measure), intl.formatMessage(m.value)]}>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function QuestionSection({ question, number, students }: { question: QuestionStatistics; number: number; students: number }) {
  const intl = useIntl();
  const headingId = `quiz-stats-question-${question.id}`;
  return (
    <section aria-labelledby={headingId} className="question-statistics">
      <h3 id={headingId}>
        {intl.formatMessage(quizMessages.questionNumber, { number })}
        {' · '}
        {intl.formatMessage(QUESTION_TYPE_LABELS[question.question_type])}
      </h3>
      {htmlTextLines(question.question_text).map((line, i) => (
        <p key={i} dir="auto">
          {line}
        </p>
      ))}
      {question.question_type !== 'text_only_question' && <p className="muted">{intl.formatMessage(m.answered, { answered: question.responses, students })}</p>}
      {question.answers && <AnswerChart caption={intl.formatMessage(m.answersTo, { number })} answers={question.answers} students={students} />}
      {question.answer_sets?.map((set) => (
        <AnswerChart key={set.id} caption={intl.formatMessage(m.answersToPart, { number, part: set.text })} answers={set.answers} students={students} />
      ))}
      {question.graded !== undefined && <p>{intl.formatMessage(m.graded, { graded: question.graded, full: question.full_credit ?? 0 })}</p>}
    </section>
  );
}
