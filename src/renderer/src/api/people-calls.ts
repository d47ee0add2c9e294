import type { Progress } from '../../../contracts/gradebook-dtos.ts';
import type { Group, GroupCategory, GroupCategoryUpdate, GroupCategoryWrite, GroupUpdate, GroupUser } from '../../../contracts/group-dtos.ts';
import type { Enrollment, EnrollmentType } from '../../../contracts/lms-dtos.ts';
import type { Http } from './http.ts';

/** Who is in the course and in which of its groups, and a teacher's changes to both. */
export function peopleCalls(http: Http) {
  const course = (courseId: number) => `/api/v1/courses/${courseId}`;
  return {
    /**
     * Enrols the user whose login is `login` (Outpost's logins are the addresses people sign in with), active at
     * once: Outpost sends no invitation mail to accept. A 404 says no user has that login.
     */
    enrollByLogin: (courseId: number, login: string, type: EnrollmentType, sectionId: number) =>
      http.writeJson<Enrollment>('POST', `${course(courseId)}/enrollments`, {
        enrollment: { user_id: `sis_login_id:${login}`, type, course_section_id: String(sectionId), enrollment_state: 'active' },
      }),
    groupCategories: (courseId: number) => http.getAll<GroupCategory>(`${course(courseId)}/group_categories`),
    createGroupCategory: (courseId: number, category: GroupCategoryWrite) =>
      http.writeJson<GroupCategory>('POST', `${course(courseId)}/group_categories`, category),
    updateGroupCategory: (categoryId: number, settings: GroupCategoryUpdate) => http.write('PUT', `/api/v1/group_categories/${categoryId}`, settings),
    /** Deletes the set with its groups; their students are in no group of it any more. */
    deleteGroupCategory: (categoryId: number) => http.write('DELETE', `/api/v1/group_categories/${categoryId}`),
    updateGroup: (groupId: number, change: GroupUpdate) => http.write('PUT', `/api/v1/groups/${groupId}`, change),
    deleteGroup: (groupId: number) => http.write('DELETE', `/api/v1/groups/${groupId}`),
    categoryGroups: (categoryId: number) => http.getAll<Group>(`/api/v1/group_categories/${categoryId}/groups`),
    unassignedUsers: (categoryId: number) => http.getAll<GroupUser>(`/api/v1/group_categories/${categoryId}/users`, { unassigned: 'true' }),
    groupUsers: async (groupId: number) => (await http.getOne<{ users: GroupUser[] }>(`/api/v1/groups/${groupId}`, { 'include[]': ['users'] })).users,
    /** Spreads the set's unassigned students over its groups in the background: answered with the job's Progress. */
    assignUnassigned: (categoryId: number) => http.writeJson<Progress>('POST', `/api/v1/group_categories/${categoryId}/assign_unassigned_members`),
    /** Joining a group of a set leaves the set's other group: this is how a student moves. */
    addGroupMember: (groupId: number, userId: number) => http.write('POST', `/api/v1/groups/${groupId}/memberships`, { user_id: String(userId) }),
  };
}
