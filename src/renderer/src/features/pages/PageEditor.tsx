import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import { NotAllowed } from '../courses/NotAllowed.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { PageForm } from './PageForm.tsx';

/** `pages/~new` and `pages/:pageUrl/edit`: the page form, for those who build the course. */
export function PageEditor({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const pageUrl = useParams().pageUrl;
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.course(course.id, 'pages')}>All pages</Link>
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
  useDocumentTitle('New page', course.name);
  return (
    <>
      <h2>New page</h2>
      <PageForm courseId={course.id} />
    </>
  );
}

function EditPage({ course, pageUrl }: { course: Course; pageUrl: string }) {
  const page = useResource(resources.page(course.id, pageUrl));
  useDocumentTitle(page.status === 'loaded' ? `Edit ${page.data.title}` : 'Edit page', course.name);
  return (
    <Loaded value={page} what="this page">
      {(p) => (
        <>
          <h2>Edit {p.title}</h2>
          <PageForm courseId={course.id} page={p} />
        </>
      )}
    </Loaded>
  );
}
