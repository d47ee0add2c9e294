import type {
  Assignment,
  AssignmentGroup,
  AssignmentWrite,
  Course,
  CourseFeatureSettings,
  CourseModule,
  CourseWrite,
  LatePolicy,
  ModuleItem,
  ModuleItemWrite,
  ModuleWrite,
  PageRevision,
  WikiPage,
  WikiPageWrite,
} from '../../../contracts/lms-dtos.ts';
import { ApiError } from './api-error.ts';
import type { Http } from './http.ts';

/** A teacher's writes to the course's content; like every write they go to the local API, which records them for sync. */
export function authoringCalls(http: Http) {
  const course = (courseId: number) => `/api/v1/courses/${courseId}`;
  const page = (courseId: number, pageUrl: string) => `${course(courseId)}/pages/${encodeURIComponent(pageUrl)}`;
  return {
    assignmentGroups: (courseId: number) => http.getAll<AssignmentGroup>(`${course(courseId)}/assignment_groups`),
    /** Fields left out take Canvas's defaults (unpublished, no points, no submission type). */
    createAssignment: (courseId: number, assignment: Partial<AssignmentWrite> & { name: string }) =>
      http.writeJson<Assignment>('POST', `${course(courseId)}/assignments`, { assignment }),
    updateAssignment: (courseId: number, assignmentId: number, assignment: AssignmentWrite) =>
      http.writeJson<Assignment>('PUT', `${course(courseId)}/assignments/${assignmentId}`, { assignment }),
    createPage: (courseId: number, wikiPage: WikiPageWrite) => http.writeJson<WikiPage>('POST', `${course(courseId)}/pages`, { wiki_page: wikiPage }),
    updatePage: (courseId: number, pageUrl: string, wikiPage: WikiPageWrite) =>
      http.writeJson<WikiPage>('PUT', page(courseId, pageUrl), { wiki_page: wikiPage }),
    pageRevisions: (courseId: number, pageUrl: string) => http.getAll<PageRevision>(`${page(courseId, pageUrl)}/revisions`),
    pageRevision: (courseId: number, pageUrl: string, revisionId: number) =>
      http.getOne<PageRevision>(`${page(courseId, pageUrl)}/revisions/${revisionId}`),
    /** Canvas's revert: the page takes the revision's title and body as a new, latest revision. */
    restorePageRevision: (courseId: number, pageUrl: string, revisionId: number) =>
      http.writeJson<PageRevision>('POST', `${page(courseId, pageUrl)}/revisions/${revisionId}`),
    createModule: (courseId: number, module: ModuleWrite) => http.writeJson<CourseModule>('POST', `${course(courseId)}/modules`, { module }),
    updateModule: (courseId: number, moduleId: number, module: ModuleWrite) =>
      http.writeJson<CourseModule>('PUT', `${course(courseId)}/modules/${moduleId}`, { module }),
    createModuleItem: (courseId: number, moduleId: number, item: ModuleItemWrite) =>
      http.writeJson<ModuleItem>('POST', `${course(courseId)}/modules/${moduleId}/items`, { module_item: item }),
    updateModuleItem: (courseId: number, moduleId: number, itemId: number, item: ModuleItemWrite) =>
      http.writeJson<ModuleItem>('PUT', `${course(courseId)}/modules/${moduleId}/items/${itemId}`, { module_item: item }),
    deleteAssignment: (courseId: number, assignmentId: number) => http.write('DELETE', `${course(courseId)}/assignments/${assignmentId}`),
    updateCourse: (courseId: number, fields: CourseWrite) => http.writeJson<Course>('PUT', course(courseId), { course: fields }),
    courseFeatureSettings: (courseId: number) => http.getOne<CourseFeatureSettings>(`${course(courseId)}/settings`),
    /** Canvas takes the settings as top-level parameters. */
    updateCourseFeatureSettings: (courseId: number, settings: CourseFeatureSettings) =>
      http.writeJson<CourseFeatureSettings>('PUT', `${course(courseId)}/settings`, settings),
    /** null while the course has none: Canvas answers 404 until a policy is first created. */
    latePolicy: async (courseId: number): Promise<LatePolicy | null> => {
      try {
        return (await http.getOne<{ late_policy: LatePolicy }>(`${course(courseId)}/late_policy`)).late_policy;
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'not_found') return null;
        throw error;
      }
    },
    /** A course has one policy: the first save creates it (POST), later ones change it (PATCH). */
    saveLatePolicy: (courseId: number, policy: LatePolicy, exists: boolean) =>
      http.write(exists ? 'PATCH' : 'POST', `${course(courseId)}/late_policy`, { late_policy: policy }),
  };
}
