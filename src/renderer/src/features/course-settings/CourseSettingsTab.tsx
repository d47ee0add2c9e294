import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Course, LatePolicy } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { NotAllowed } from '../courses/NotAllowed.tsx';
import { transferWords } from '../course-transfer/transfer-words.ts';
import { CourseSettingsForm } from './CourseSettingsForm.tsx';

/** `settings`: the course's own settings, for those who build it; the late policy only for those who grade. */
export function CourseSettingsTab({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const intl = useIntl();
  if (!viewer.canManage) {
    return <NotAllowed course={course} what="settings" />;
  }
  return (
    <>
      <nav aria-label={intl.formatMessage({ id: 'courseSettings.transfer', defaultMessage: 'Course content' })} className="settings-transfer">
        <Link to={paths.courseImport(course.id)}>
          <FormattedMessage {...transferWords.importTitle} />
        </Link>
        <Link to={paths.courseExport(course.id)}>
          <FormattedMessage {...transferWords.exportTitle} />
        </Link>
      </nav>
      {viewer.canGrade ? <WithLatePolicy course={course} /> : <SettingsLoaded course={course} latePolicy={undefined} />}
    </>
  );
}

function WithLatePolicy({ course }: { course: Course }) {
  const intl = useIntl();
  const latePolicy = useResource(resources.latePolicy(course.id));
  return (
    <Loaded value={latePolicy} what={intl.formatMessage({ id: 'courseSettings.latePolicy.what', defaultMessage: 'the late policy' })}>
      {(policy) => <SettingsLoaded course={course} latePolicy={policy} />}
    </Loaded>
  );
}

/** `latePolicy` is undefined for a viewer who does not grade, null for a course without one. */
function SettingsLoaded({ course, latePolicy }: { course: Course; latePolicy: LatePolicy | null | undefined }) {
  const intl = useIntl();
  const features = useResource(resources.courseFeatureSettings(course.id));
  return (
    <Loaded value={features} what={intl.formatMessage({ id: 'courseSettings.what', defaultMessage: "the course's settings" })}>
      {(loaded) => <CourseSettingsForm course={course} features={loaded} latePolicy={latePolicy} />}
    </Loaded>
  );
}
