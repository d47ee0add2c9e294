import { create } from 'zustand';
import type { DiscussionTopic, DiscussionTopicWrite } from '../../../contracts/discussion-dtos.ts';
import type {
  Assignment,
  AssignmentWrite,
  CourseFeatureSettings,
  CourseWrite,
  LatePolicy,
  ModuleItemWrite,
  ModuleWrite,
  WikiPage,
  WikiPageWrite,
} from '../../../contracts/lms-dtos.ts';
import { useResourceStore, type Resource } from './resource-store.ts';
import { resources } from './resources.ts';
import { currentApi } from './session-store.ts';

interface AuthoringStore {
  /** Creates the assignment (no id) or changes it; throws the server's refusal for the form to show. */
  assignmentSaveRequested: (courseId: number, assignmentId: number | undefined, assignment: AssignmentWrite) => Promise<Assignment>;
  assignmentDeleteRequested: (courseId: number, assignmentId: number) => Promise<void>;
  /** Creates the page (no url) or changes it; a new title can give it a new url, so the saved page says where it is. */
  pageSaveRequested: (courseId: number, pageUrl: string | undefined, page: WikiPageWrite) => Promise<WikiPage>;
  revisionRestoreRequested: (courseId: number, pageUrl: string, revisionId: number) => Promise<void>;
  /** Creates the module (no id) or changes what `module` names of it: settings, published state, position. */
  moduleChangeRequested: (courseId: number, moduleId: number | undefined, module: ModuleWrite) => Promise<void>;
  /** Adds an item of existing content, or of a page or assignment created for it from `newContent`'s title. */
  itemAddRequested: (courseId: number, moduleId: number, item: ModuleItemWrite, newContent?: NewItemContent) => Promise<void>;
  itemChangeRequested: (courseId: number, moduleId: number, itemId: number, item: ModuleItemWrite) => Promise<void>;
  /** The course's fields, then the parts of its feature settings and late policy that changed, each through its own API. */
  courseSettingsSaveRequested: (courseId: number, change: CourseSettingsChange) => Promise<void>;
  /** Creates the topic or announcement (no id) or changes what `topic` names of it: the form, or a pin or lock. */
  topicSaveRequested: (courseId: number, topicId: number | undefined, topic: DiscussionTopicWrite) => Promise<DiscussionTopic>;
  topicDeleteRequested: (courseId: number, topicId: number) => Promise<void>;
}

/** What the course settings screen saves; a part left out did not change. */
export interface CourseSettingsChange {
  course: CourseWrite;
  features?: CourseFeatureSettings;
  latePolicy?: { policy: LatePolicy; exists: boolean };
}

/** Content made on the spot for a new module item: an empty, unpublished page or assignment with this title. */
export interface NewItemContent {
  type: 'Page' | 'Assignment';
  title: string;
}

/** A teacher's changes to course content: sent to the local API, then the views that show it read it again. */
export const useAuthoringStore = create<AuthoringStore>()(() => {
  const reread = (...changed: Array<Resource<unknown>>) => Promise.all(changed.map((r) => useResourceStore.getState().resourceStale(r)));
  // Module items show assignment titles and published states too.
  const assignmentListsChanged = (courseId: number) => reread(resources.assignments(courseId), resources.modules(courseId));
  const pageChanged = (courseId: number, pageUrl: string) =>
    reread(resources.pages(courseId), resources.page(courseId, pageUrl), resources.pageRevisions(courseId, pageUrl), resources.modules(courseId));
  const modulesChanged = (courseId: number) => reread(resources.modules(courseId));
  // An announcement shows on the modules page and opens in the topic view, like a discussion.
  const topicsChanged = (courseId: number) => reread(resources.discussionTopics(courseId), resources.announcements(courseId), resources.modules(courseId));
  return {
    assignmentSaveRequested: async (courseId, assignmentId, assignment) => {
      const api = currentApi();
      const saved =
        assignmentId === undefined ? await api.createAssignment(courseId, assignment) : await api.updateAssignment(courseId, assignmentId, assignment);
      await Promise.all([assignmentListsChanged(courseId), reread(resources.assignment(courseId, saved.id))]);
      return saved;
    },
    assignmentDeleteRequested: async (courseId, assignmentId) => {
      await currentApi().deleteAssignment(courseId, assignmentId);
      await assignmentListsChanged(courseId);
    },
    pageSaveRequested: async (courseId, pageUrl, page) => {
      const api = currentApi();
      const saved = pageUrl === undefined ? await api.createPage(courseId, page) : await api.updatePage(courseId, pageUrl, page);
      await pageChanged(courseId, saved.url);
      return saved;
    },
    revisionRestoreRequested: async (courseId, pageUrl, revisionId) => {
      await currentApi().restorePageRevision(courseId, pageUrl, revisionId);
      await pageChanged(courseId, pageUrl);
    },
    moduleChangeRequested: async (courseId, moduleId, module) => {
      const api = currentApi();
      await (moduleId === undefined ? api.createModule(courseId, module) : api.updateModule(courseId, moduleId, module));
      await modulesChanged(courseId);
    },
    itemAddRequested: async (courseId, moduleId, item, newContent) => {
      const api = currentApi();
      let content: ModuleItemWrite = {};
      if (newContent?.type === 'Page') {
        const page = await api.createPage(courseId, { title: newContent.title, body: '', editing_roles: 'teachers', published: false, front_page: false });
        content = { page_url: page.url };
        await reread(resources.pages(courseId));
      } else if (newContent?.type === 'Assignment') {
        content = { content_id: (await api.createAssignment(courseId, { name: newContent.title })).id };
        await assignmentListsChanged(courseId);
      }
      await api.createModuleItem(courseId, moduleId, { ...item, ...content });
      await modulesChanged(courseId);
    },
    itemChangeRequested: async (courseId, moduleId, itemId, item) => {
      await currentApi().updateModuleItem(courseId, moduleId, itemId, item);
      await modulesChanged(courseId);
    },
    courseSettingsSaveRequested: async (courseId, { course, features, latePolicy }) => {
      const api = currentApi();
      // The course first: its fields are the ones the server may refuse (an end before the start), and a refusal
      // then stops the save before anything else changed.
      await api.updateCourse(courseId, course);
      if (features) await api.updateCourseFeatureSettings(courseId, features);
      if (latePolicy) await api.saveLatePolicy(courseId, latePolicy.policy, latePolicy.exists);
      await reread(resources.courses(), resources.course(courseId), resources.courseFeatureSettings(courseId), resources.latePolicy(courseId));
    },
    topicSaveRequested: async (courseId, topicId, topic) => {
      const api = currentApi();
      const saved = topicId === undefined ? await api.createTopic(courseId, topic) : await api.updateTopic(courseId, topicId, topic);
      await Promise.all([topicsChanged(courseId), reread(resources.discussionTopic(courseId, saved.id))]);
      return saved;
    },
    topicDeleteRequested: async (courseId, topicId) => {
      await currentApi().deleteTopic(courseId, topicId);
      await topicsChanged(courseId);
    },
  };
});
