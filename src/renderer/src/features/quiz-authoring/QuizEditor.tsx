import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { NotAllowed } from '../courses/NotAllowed.tsx';
import { QuizForm } from './QuizForm.tsx';
import { quizMessages } from './quiz-messages.ts';

/** `quizzes/new` and `quizzes/:quizId/edit`: the quiz editor, for those who build the course. */
export function QuizEditor({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const quizId = idParam(useParams().quizId);
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.quizzes(course.id)}>
          <FormattedMessage {...quizMessages.all} />
        </Link>
      </p>
      {!viewer.canManage ? <NotAllowed course={course} what="quizzes" /> : quizId === undefined ? <NewQuiz course={course} /> : <EditQuiz course={course} quizId={quizId} />}
    </article>
  );
}

function NewQuiz({ course }: { course: Course }) {
  const heading = useIntl().formatMessage(quizMessages.new);
  useDocumentTitle(heading, course.name);
  return (
    <>
      <h2>{heading}</h2>
      <QuizForm course={course} />
    </>
  );
}

function EditQuiz({ course, quizId }: { course: Course; quizId: number }) {
  const intl = useIntl();
  const quiz = useResource(resources.quiz(course.id, quizId));
  const questions = useResource(resources.quizQuestions(course.id, quizId));
  // A save that just happened says so here, where the editor opens again with what was saved.
  const justSaved = (useLocation().state as { saved?: boolean } | null)?.saved === true;
  useDocumentTitle(quiz.status === 'loaded' ? intl.formatMessage(quizMessages.editNamed, { title: quiz.data.title }) : intl.formatMessage(quizMessages.this), course.name);
  return (
    <Loaded value={quiz} what={intl.formatMessage(quizMessages.this)}>
      {(q) => (
        <Loaded value={questions} what={intl.formatMessage(quizMessages.this)}>
          {(list) => (
            <>
              <h2>
                <FormattedMessage {...quizMessages.editNamed} values={{ title: <bdi>{q.title}</bdi> }} />
              </h2>
              {justSaved && (
                <p role="status" className="notice">
                  <FormattedMessage {...quizMessages.saved} />
                </p>
              )}
              <p>
                <Link to={paths.quizStatistics(course.id, q.id)}>{intl.formatMessage(quizMessages.statisticsFor, { title: q.title })}</Link>
              </p>
              <QuizForm key={q.id} course={course} quiz={q} questions={list} />
            </>
          )}
        </Loaded>
      )}
    </Loaded>
  );
}
