import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { allLoaded, useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { ATTEMPT_STATES, quizWords } from './quiz-words.ts';

/** `quizzes/:quizId/attempts`: every attempt the grader reaches, waiting ones first, each opening its grading. */
export function QuizAttemptsScreen({ course }: { course: Course }) {
  const intl = useIntl();
  const quizId = idParam(useParams().quizId) ?? 0;
  const quiz = useResource(resources.quiz(course.id, quizId));
  const attempts = useResource(resources.quizSubmissions(course.id, quizId));
  const people = useResource(resources.people(course.id));
  useDocumentTitle(intl.formatMessage(quizWords.attempts), course.name);
  return (
    <article className="detail">
      <Loaded value={allLoaded(quiz, attempts, people)} what={intl.formatMessage(quizWords.attemptsWhat)}>
        {([q, list, users]) => {
          const nameOf = new Map(users.map((u) => [u.id, u.name]));
          // Those waiting for a grader first; then by name.
          const shown = list
            .filter((s) => s.workflow_state !== 'settings_only')
            .sort((a, b) => Number(b.workflow_state === 'pending_review') - Number(a.workflow_state === 'pending_review') || (nameOf.get(a.user_id) ?? '').localeCompare(nameOf.get(b.user_id) ?? ''));
          return (
            <>
              <p className="breadcrumbs">
                <Link to={paths.quiz(course.id, q.id)}>
                  <bdi>{q.title}</bdi>
                </Link>
              </p>
              <h2>
                <FormattedMessage id="quizTake.attempts.heading" defaultMessage="Attempts at {quiz}" values={{ quiz: <bdi>{q.title}</bdi> }} />
              </h2>
              {shown.length === 0 ? (
                <p>
                  <FormattedMessage id="quizTake.attempts.none" defaultMessage="No student has taken this quiz yet." />
                </p>
              ) : (
                <DataTable
                  caption={intl.formatMessage(quizWords.attempts)}
                  columns={[
                    intl.formatMessage({ id: 'quizTake.attempts.student', defaultMessage: 'Student' }),
                    intl.formatMessage({ id: 'quizTake.attempts.attempt', defaultMessage: 'Attempt' }),
                    intl.formatMessage({ id: 'quizTake.attempts.state', defaultMessage: 'State' }),
                    intl.formatMessage({ id: 'quizTake.attempts.score', defaultMessage: 'Score' }),
                  ]}
                >
                  {shown.map((s) => (
                    <tr key={s.id}>
                      <th scope="row">
                        <Link to={paths.quizAttempt(course.id, q.id, s.id)}>
                          <bdi>{nameOf.get(s.user_id) ?? String(s.user_id)}</bdi>
                        </Link>
                      </th>
                      <td>{intl.formatNumber(s.attempt ?? 0)}</td>
                      <td>{intl.formatMessage(ATTEMPT_STATES[s.workflow_state])}</td>
                      <td>{s.score === null ? '–' : intl.formatNumber(s.score)}</td>
                    </tr>
                  ))}
                </DataTable>
              )}
            </>
          );
        }}
      </Loaded>
    </article>
  );
}
