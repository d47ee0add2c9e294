import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { Messages } from '../../i18n/messages.ts';
import { Link } from 'react-router';
import type { Quiz } from '../../../../contracts/quiz-authoring-dtos.ts';
import { Badge } from '../../components/Badge.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { common } from '../../i18n/common-messages.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { formatDateTime, formatPoints } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useQuizAuthoringStore } from '../../stores/quiz-authoring-store.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { PublishedCheckbox } from '../modules/PublishedCheckbox.tsx';
import { QUIZ_TYPE_LABELS } from './quiz-form-values.ts';
import { quizMessages } from './quiz-messages.ts';

const words = defineMessages({
  table: { id: 'quizzes.table', defaultMessage: 'Quizzes' },
  quiz: { id: 'quizzes.column.quiz', defaultMessage: 'Quiz' },
  type: { id: 'quizzes.column.type', defaultMessage: 'Type' },
  questions: { id: 'quizzes.column.questions', defaultMessage: 'Questions' },
  due: { id: 'quizzes.column.due', defaultMessage: 'Due' },
  state: { id: 'quizzes.column.published', defaultMessage: 'Published' },
  actions: { id: 'quizzes.column.actions', defaultMessage: 'Actions' },
  none: { id: 'quizzes.none', defaultMessage: 'This course has no quizzes yet.' },
});
/** Typed for their arguments (i18n/messages.ts). */
const m: Messages<keyof typeof words> = words;

/** The course's quizzes: students see the published ones; teachers all, with `New quiz`, Published, Edit and Statistics. */
export function QuizzesTab({ courseId, viewer }: { courseId: number; viewer: CourseViewer }) {
  const intl = useIntl();
  const quizzes = useResource(resources.quizzes(courseId));
  const publish = useQuizAuthoringStore((s) => s.quizPublishRequested);
  const columns = [m.quiz, m.type, quizMessages.points, m.questions, m.due, ...(viewer.canManage ? [m.state, m.actions] : [])].map((c) => intl.formatMessage(c));
  return (
    <>
      {viewer.canManage && (
        <p>
          <Link to={paths.newQuiz(courseId)} className="button-link">
            <FormattedMessage {...quizMessages.new} />
          </Link>
        </p>
      )}
      <Loaded value={quizzes} what={intl.formatMessage(quizMessages.what)}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">
              <FormattedMessage {...m.none} />
            </p>
          ) : (
            <DataTable caption={intl.formatMessage(m.table)} columns={columns}>
              {list.map((quiz) => (
                <QuizRow key={quiz.id} courseId={courseId} quiz={quiz} canManage={viewer.canManage} onPublish={(published) => publish(courseId, quiz.id, published).catch(() => undefined)} />
              ))}
            </DataTable>
          )
        }
      </Loaded>
    </>
  );
}

function QuizRow({ courseId, quiz, canManage, onPublish }: { courseId: number; quiz: Quiz; canManage: boolean; onPublish: (published: boolean) => Promise<void> }) {
  const intl = useIntl();
  const titleId = `quiz-title-${quiz.id}`;
  return (
    <tr>
      <th scope="row">
        <Link id={titleId} to={paths.quiz(courseId, quiz.id)} dir="auto">
          {quiz.title}
        </Link>
        {canManage && !quiz.published && <Badge tone="warn">{intl.formatMessage(common.unpublished)}</Badge>}
      </th>
      <td>{intl.formatMessage(QUIZ_TYPE_LABELS[quiz.quiz_type])}</td>
      <td>{formatPoints(quiz.points_possible)}</td>
      <td>{quiz.question_count}</td>
      <td>{formatDateTime(quiz.due_at) ?? intl.formatMessage(quizMessages.noDueDate)}</td>
      {canManage && (
        <>
          <td>
            <PublishedCheckbox published={quiz.published} onChange={onPublish} describedBy={titleId} />
          </td>
          <td>
            <span className="button-row">
              <Link to={paths.editQuiz(courseId, quiz.id)}>{intl.formatMessage(quizMessages.editFor, { title: quiz.title })}</Link>
              <Link to={paths.quizStatistics(courseId, quiz.id)}>{intl.formatMessage(quizMessages.statisticsFor, { title: quiz.title })}</Link>
            </span>
          </td>
        </>
      )}
    </tr>
  );
}
