import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { PermissionContext, PermissionName } from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import type { EditingRole, WikiPageData } from '../../domain/records/page-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import type { Grant, PermissionRule } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { parseCanvasId } from '../common/id-lookup.ts';
import { GroupsService } from '../groups/groups.service.ts';
import type { WikiKind } from './pages.params.ts';

/** One wiki: a course's or a group's. `courseId` is set only for course wikis, whose pages module items can hold. */
export interface Wiki {
  readonly kind: WikiKind;
  readonly id: number;
  readonly courseId: number | null;
  /** Where the permissions over the wiki are asked: the course, or the group's course or account. */
  readonly permissionContext: PermissionContext;
}

/** What one caller may do in one wiki (Canvas's Wiki and WikiPage policies). */
export interface WikiViewer {
  readonly principal: Principal;
  readonly wiki: Wiki;
  /** Teachers (manage_wiki) in a course, group managers (manage_groups) in a group: drafts, publishing, roles, delete. */
  readonly canManage: boolean;
  /** The editing roles the caller holds, matched against a page's `editing_roles`. */
  readonly roles: ReadonlySet<EditingRole>;
}

/** Course pages default to teachers only, group pages to the group's members (docs/canvas-compatibility.md §4.3). */
export const defaultEditingRoles = (wiki: Wiki): string => (wiki.kind === 'Course' ? 'teachers' : 'members');

/** Who may read each kind of wiki, as the OpenAPI document says it. */
const READERS: Readonly<Record<WikiKind, string>> = {
  Course: 'enrolled in the course, or read_course_content on its account',
  Group: 'a member of the group, or manage_groups / view_group_pages in its course',
};

/** Rights over a group's wiki come from its course (or account): the people who manage or may look at groups. */
const GROUP_MANAGE: readonly PermissionName[] = ['manage_groups'];
const GROUP_VIEW: readonly PermissionName[] = ['manage_groups', 'view_group_pages'];

export class WikiAccess {
  readonly #services: CoreServices;
  readonly #rules: AccessRules;
  readonly #groups: GroupsService;

  constructor(services: CoreServices, rules: AccessRules) {
    this.#services = services;
    this.#rules = rules;
    this.#groups = new GroupsService(services);
  }

  /** The wiki a route's context id names; NotFoundError when there is none. */
  async wiki(kind: WikiKind, rawId: string): Promise<Wiki> {
    if (kind === 'Course') {
      const courseId = await this.#rules.ids.courseId(rawId);
      const course = await this.#services.repos.courses.get(courseId);
      if (!course || course.data.workflow_state === 'deleted') throw new NotFoundError('course');
      return { kind, id: courseId, courseId, permissionContext: { type: 'course', courseId } };
    }
    const parsed = parseCanvasId(rawId);
    if (parsed.kind !== 'id') throw new NotFoundError('group');
    const group = await this.#groups.get(parsed.id);
    const permissionContext: PermissionContext =
      group.data.context_type === 'Course' ? { type: 'course', courseId: group.data.context_id } : { type: 'account', accountId: group.data.context_id };
    return { kind, id: group.id, courseId: null, permissionContext };
  }

  /** Canvas's wiki `:read`: course readers; a group's members and those who may see its course's groups. */
  async canRead(principal: Principal, wiki: Wiki): Promise<boolean> {
    if (wiki.kind === 'Course') return this.#services.access.canReadCourse(principal, wiki.id);
    if (await this.#groups.isMember(wiki.id, principal.userId)) return true;
    return this.#services.access.canAny(principal, GROUP_VIEW, wiki.permissionContext);
  }

  async viewer(principal: Principal, wiki: Wiki): Promise<WikiViewer> {
    const { access } = this.#services;
    const roles = new Set<EditingRole>(['public']);
    if (wiki.kind === 'Course') {
      const canManage = await access.canAny(principal, ['manage_wiki'], wiki.permissionContext);
      const active = (await access.enrollmentsOf(principal, wiki.id)).filter((e) => e.workflow_state === 'active');
      if (active.length > 0) roles.add('members');
      if (active.some((e) => e.type === 'StudentEnrollment')) roles.add('students');
      return { principal, wiki, canManage, roles };
    }
    if (await this.#groups.isMember(wiki.id, principal.userId)) roles.add('members');
    return { principal, wiki, canManage: await access.canAny(principal, GROUP_MANAGE, wiki.permissionContext), roles };
  }

  /** The rule of the page reads: the caller may read the wiki (a missing course or group is a 404); the scope is their viewer. */
  readRule<P extends { context_id: string }>(kind: WikiKind): PermissionRule<P, WikiViewer> {
    return this.#rule(kind, 'read', READERS[kind]);
  }

  /**
   * The rule of the page writes. Canvas decides them per page (its editing roles may let students or any reader
   * edit), so the rule admits the wiki's readers and the service refuses (401) whoever holds neither manage
   * rights nor one of the page's editing roles.
   */
  writeRule<P extends { context_id: string }>(kind: WikiKind): PermissionRule<P, WikiViewer> {
    const managers = kind === 'Course' ? 'manage_wiki in the course' : 'manage_groups in its course';
    return this.#rule(kind, 'write', `${managers}, or ${READERS[kind]} holding an editing role of the page (checked per page)`);
  }

  #rule<P extends { context_id: string }>(kind: WikiKind, grants: Grant, description: string): PermissionRule<P, WikiViewer> {
    return scopedRule(description, grants, async (ctx, params: P) => {
      const wiki = await this.wiki(kind, params.context_id);
      return scopeIf(await this.canRead(ctx.principal, wiki), await this.viewer(ctx.principal, wiki));
    });
  }
}

/** Drafts are the managers' (students get a 404 for them); deleted pages are gone for everyone. */
export function canSeePage(page: Stored<WikiPageData>, viewer: WikiViewer): boolean {
  const state = page.data.workflow_state;
  return state === 'active' || (state === 'unpublished' && viewer.canManage);
}

/** Canvas's `editing_role?`: one of the page's roles is held by the caller. */
export function holdsEditingRole(editingRoles: string, viewer: WikiViewer): boolean {
  return editingRoles.split(',').some((role) => viewer.roles.has(role as EditingRole));
}

/** May the caller create pages here: managers, or holders of the wiki's default editing roles. */
export function canCreatePage(viewer: WikiViewer): boolean {
  return viewer.canManage || holdsEditingRole(defaultEditingRoles(viewer.wiki), viewer);
}
