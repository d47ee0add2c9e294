import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, Route, Routes, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { idParam, type CourseTab } from '../../lib/paths.ts';
import { NotFoundScreen } from '../../shell/NotFoundScreen.tsx';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { AssignmentDetail } from '../assignments/AssignmentDetail.tsx';
import { AssignmentEditor } from '../assignments/AssignmentEditor.tsx';
import { AssignmentsTab } from '../assignments/AssignmentsTab.tsx';
import { CourseSettingsTab } from '../course-settings/CourseSettingsTab.tsx';
import { ModulesTab } from '../modules/ModulesTab.tsx';
import { PageEditor } from '../pages/PageEditor.tsx';
import { PageRevisions } from '../pages/PageRevisions.tsx';
import { PageView } from '../pages/PageView.tsx';
import { PagesTab } from '../pages/PagesTab.tsx';
import { PeopleTab } from '../people/PeopleTab.tsx';
import { GroupsTab } from '../groups/GroupsTab.tsx';
import { DiscussionsTab } from '../discussions/DiscussionsTab.tsx';
import { RecentAnnouncements } from '../discussions/RecentAnnouncements.tsx';
import { TopicEditor } from '../discussions/TopicEditor.tsx';
import { TopicView } from '../discussions/TopicView.tsx';
import { PeerReviewScreen } from '../peer-reviews/PeerReviewScreen.tsx';
import { TodoTab } from '../todo/TodoTab.tsx';
import { PollsTab } from '../polls/PollsTab.tsx';
import { GradesTab } from '../grades/GradesTab.tsx';
import { GraderScreen } from '../grader/GraderScreen.tsx';
import { GradebookScreen } from '../gradebook/GradebookScreen.tsx';
import { useShownStudent } from '../observers/shown-student.ts';
import { GradeAttemptScreen } from '../quiz-taking/GradeAttemptScreen.tsx';
import { QuizAttemptsScreen } from '../quiz-taking/QuizAttemptsScreen.tsx';
import { QuizScreen } from '../quiz-taking/QuizScreen.tsx';
import { TakeQuizScreen } from '../quiz-taking/TakeQuizScreen.tsx';
import { QuizEditor } from '../quiz-authoring/QuizEditor.tsx';
import { QuizStatisticsScreen } from '../quiz-authoring/QuizStatisticsScreen.tsx';
import { QuizzesTab } from '../quiz-authoring/QuizzesTab.tsx';
import { CourseLayout, TAB_LABELS } from './CourseLayout.tsx';
import { CourseImportScreen } from '../course-transfer/CourseImportScreen.tsx';
import { CourseExportScreen } from '../course-transfer/CourseExportScreen.tsx';
import { GradebookImportScreen } from '../gradebook/GradebookImportScreen.tsx';

/** `/courses/:courseId/...`: the course's layout around the section the rest of the path names. */
export function CourseRoutes() {
  const params = useParams();
  const courseId = idParam(params.courseId);
  if (courseId === undefined) return <NotFoundScreen />;
  return (
    <CourseLayout courseId={courseId}>
      {(course, viewer) => (
        <Routes>
          <Route index element={<Navigate to="modules" replace />} />
          <Route path="modules" element={<Section course={course} tab="modules"><RecentAnnouncements courseId={courseId} /><ModulesTab course={course} viewer={viewer} /></Section>} />
          <Route path="assignments" element={<Section course={course} tab="assignments"><AssignmentsTab courseId={courseId} viewer={viewer} /></Section>} />
          <Route path="assignments/new" element={<AssignmentEditor course={course} viewer={viewer} />} />
          <Route path="assignments/:assignmentId/edit" element={<AssignmentEditor course={course} viewer={viewer} />} />
          <Route path="assignments/:assignmentId" element={<AssignmentDetail course={course} viewer={viewer} />} />
          <Route path="assignments/:assignmentId/reviews/:userId" element={<PeerReviewScreen course={course} />} />
          <Route path="assignments/:assignmentId/grade" element={<GraderScreen course={course} viewer={viewer} />} />
          <Route path="quizzes" element={<Section course={course} tab="quizzes"><QuizzesTab courseId={courseId} viewer={viewer} /></Section>} />
          <Route path="quizzes/new" element={<QuizEditor course={course} viewer={viewer} />} />
          <Route path="quizzes/:quizId/edit" element={<QuizEditor course={course} viewer={viewer} />} />
          <Route path="quizzes/:quizId/statistics" element={<QuizStatisticsScreen course={course} viewer={viewer} />} />
          <Route path="discussions" element={<Section course={course} tab="discussions"><DiscussionsTab courseId={courseId} viewer={viewer} /></Section>} />
          <Route path="discussions/new" element={<TopicEditor course={course} viewer={viewer} />} />
          <Route path="announcements/new" element={<TopicEditor course={course} viewer={viewer} announcement />} />
          <Route path="discussions/:topicId/edit" element={<TopicEditor course={course} viewer={viewer} />} />
          <Route path="discussions/:topicId" element={<TopicView course={course} viewer={viewer} />} />
          <Route path="pages" element={<Section course={course} tab="pages"><PagesTab courseId={courseId} viewer={viewer} /></Section>} />
          <Route path="pages/~new" element={<PageEditor course={course} viewer={viewer} />} />
          <Route path="pages/:pageUrl/edit" element={<PageEditor course={course} viewer={viewer} />} />
          <Route path="pages/:pageUrl/revisions" element={<PageRevisions course={course} />} />
          <Route path="pages/:pageUrl" element={<PageView course={course} viewer={viewer} />} />
          <Route path="people" element={<Section course={course} tab="people"><PeopleTab courseId={courseId} viewer={viewer} /></Section>} />
          <Route path="groups" element={viewer.canManage ? <Section course={course} tab="groups"><GroupsTab courseId={courseId} /></Section> : <UnknownSection course={course} />} />
          <Route
            path="grades"
            element={
              viewer.canGrade ? (
                <Section course={course} tab="grades"><GradebookScreen course={course} viewer={viewer} /></Section>
              ) : (
                <StudentSection course={course} viewer={viewer} tab="grades">{(studentId) => <GradesTab course={course} studentId={studentId} />}</StudentSection>
              )
            }
          />
          <Route path="settings" element={<Section course={course} tab="settings"><CourseSettingsTab course={course} viewer={viewer} /></Section>} />
          <Route path="settings/import" element={<CourseImportScreen course={course} viewer={viewer} />} />
          <Route path="settings/export" element={<CourseExportScreen course={course} viewer={viewer} />} />
          <Route path="grades/import" element={<GradebookImportScreen course={course} viewer={viewer} />} />
          <Route path="todo" element={<StudentSection course={course} viewer={viewer} tab="todo">{(studentId) => <TodoTab courseId={courseId} studentId={studentId} observed={!viewer.isStudent} />}</StudentSection>} />
          <Route path="polls" element={viewer.isStudent || viewer.canManage ? <Section course={course} tab="polls"><PollsTab courseId={courseId} viewer={viewer} /></Section> : <UnknownSection course={course} />} />
          <Route path="quizzes/:quizId" element={<QuizScreen course={course} viewer={viewer} />} />
          <Route path="quizzes/:quizId/take" element={viewer.isStudent ? <TakeQuizScreen course={course} /> : <UnknownSection course={course} />} />
          <Route path="quizzes/:quizId/attempts" element={viewer.canGrade ? <QuizAttemptsScreen course={course} /> : <UnknownSection course={course} />} />
          <Route path="quizzes/:quizId/attempts/:quizSubmissionId" element={viewer.canGrade ? <GradeAttemptScreen course={course} /> : <UnknownSection course={course} />} />
          <Route path="*" element={<UnknownSection course={course} />} />
        </Routes>
      )}
    </CourseLayout>
  );
}

/** A tab's list, named for the document title and as a labelled region. */
function Section({ course, tab, children }: { course: Course; tab: CourseTab; children: ReactNode }) {
  const label = useIntl().formatMessage(TAB_LABELS[tab]);
  useDocumentTitle(label, course.name);
  return (
    <section aria-label={label} className="course-section-content">
      {children}
    </section>
  );
}

/** A section that shows one student's released work: the caller's own, or their observed student's; others have none. */
function StudentSection({ course, viewer, tab, children }: { course: Course; viewer: CourseViewer; tab: CourseTab; children: (studentId: number) => ReactNode }) {
  const studentId = useShownStudent(viewer);
  if (studentId === undefined) return <UnknownSection course={course} />;
  return (
    <Section course={course} tab={tab}>
      {children(studentId)}
    </Section>
  );
}

function UnknownSection({ course }: { course: Course }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'course.unknownSection.title', defaultMessage: 'Not found' }), course.name);
  return (
    <p>
      <FormattedMessage id="course.unknownSection" defaultMessage="This course has no such section. Choose one of its sections above." />
    </p>
  );
}
