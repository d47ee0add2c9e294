import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { common } from '../../i18n/common-messages.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { TAB_LABELS } from '../courses/CourseLayout.tsx';
import { QuizFacts } from './QuizFacts.tsx';
import { StudentQuizPanel } from './StudentQuizPanel.tsx';
import { quizWords } from './quiz-words.ts';

/** `quizzes/:quizId` inside a course: the quiz's rules for everyone; taking it for a student, grading for graders. */
export function QuizScreen({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const intl = useIntl();
  const quizId = idParam(useParams().quizId) ?? 0;
  const quiz = useResource(resources.quiz(course.id, quizId));
  useDocumentTitle(quiz.status === 'loaded' ? quiz.data.title : intl.formatMessage(quizWords.quiz), course.name);
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.course(course.id, 'modules')}>{intl.formatMessage(TAB_LABELS.modules)}</Link>
      </p>
      <Loaded value={quiz} what={intl.formatMessage(quizWords.this)}>
        {(q) => (
          <>
            <h2>
              <span dir="auto">{q.title}</span> {viewer.canManage && !q.published && <Badge tone="warn">{intl.formatMessage(common.unpublished)}</Badge>}
            </h2>
            <QuizFacts quiz={q} />
            {(viewer.canManage || viewer.canGrade) && (
              <div className="button-row">
                {viewer.canManage && (
                  // The editor and the statistics are the authoring screens' (same course, same quiz).
                  <>
                    <Link to={`${paths.quiz(course.id, q.id)}/edit`} className="button-link">
                      <FormattedMessage {...common.edit} />
                    </Link>
                    <Link to={`${paths.quiz(course.id, q.id)}/statistics`} className="button-link">
                      <FormattedMessage id="quizTake.statistics" defaultMessage="Statistics" />
                    </Link>
                  </>
                )}
                {viewer.canGrade && (
                  <Link to={paths.quizAttempts(course.id, q.id)} className="button-link">
                    <FormattedMessage id="quizTake.gradeAttempts" defaultMessage="Grade attempts" />
                  </Link>
                )}
              </div>
            )}
            {q.description ? (
              <SafeHtmlFrame html={q.description} title={intl.formatMessage({ id: 'quizTake.description', defaultMessage: 'Quiz instructions' })} />
            ) : (
              <p className="muted">
                <FormattedMessage id="quizTake.noDescription" defaultMessage="No instructions." />
              </p>
            )}
            {viewer.isStudent && <StudentQuizPanel courseId={course.id} quiz={q} />}
          </>
        )}
      </Loaded>
    </article>
  );
}
