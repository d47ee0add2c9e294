import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { NotAllowed } from '../courses/NotAllowed.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { pageMessages } from './page-messages.ts';
import { PageForm } from './PageForm.tsx';

/** `pages/~new` and `pages/:pageUrl/edit`: the page form, for those who build the course. */
export function PageEditor({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const pageUrl = useParams().pageUrl;
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.course(course.id, 'pages')}>
          <FormattedMessage {...pageMessages.all} />
        </Link>
      </p>
      {!viewer.canManage ? (
        <NotAllowed course={course} what="pages" />
      ) : pageUrl === undefined ? (
        <NewPage course={course} />
      ) : (
        <EditPage course={course} pageUrl={pageUrl} />
      )}
    </article>
  );
}

function NewPage({ course }: { course: Course }) {
  const heading = useIntl().formatMessage(pageMessages.new);
  useDocumentTitle(heading, course.name);
  return (
    <>
      <h2>{heading}</h2>
      <PageForm courseId={course.id} />
    </>
  );
}

function EditPage({ course, pageUrl }: { course: Course; pageUrl: string }) {
  const intl = useIntl();
  const page = useResource(resources.page(course.id, pageUrl));
  useDocumentTitle(
    page.status === 'loaded'
      ? intl.formatMessage(pageMessages.editNamed, { title: page.data.title })
      : intl.formatMessage({ id: 'pages.edit', defaultMessage: 'Edit page', description: 'Window title while the page loads.' }),
    course.name,
  );
  return (
    <Loaded value={page} what={intl.formatMessage(pageMessages.this)}>
      {(p) => (
        <>
          <h2>
            <FormattedMessage {...pageMessages.editNamed} values={{ title: <bdi>{p.title}</bdi> }} />
          </h2>
          <PageForm courseId={course.id} page={p} />
        </>
      )}
    </Loaded>
  );
}
