import type { CoreServices } from '../../core-services.ts';
import { InvalidParameterError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { EnrollmentType } from '../../domain/permissions/index.ts';
import type { Principal } from '../../domain/principal.ts';
import type { CourseData } from '../../domain/records/course-records.ts';
import type { AccountData, UserData } from '../../domain/records/directory-records.ts';
import { createUser } from '../../domain/user-directory.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { IdResolver } from '../common/id-lookup.ts';
import { CourseRoster, isVisible, matchesStates, type CourseEnrollment } from '../enrollments/enrollment-roster.ts';
import { isOutpostLocale } from '../../../contracts/locales.ts';
import type { CourseUsersParams, CreateUserParams, UpdateUserParams } from './users.params.ts';

/** docs/canvas-compatibility.md §1.4: shorter search terms are refused with a coded 400. */
export const MIN_SEARCH_TERM_LENGTH = 3;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

const TYPE_OF_WORD: Readonly<Record<string, EnrollmentType | 'StudentViewEnrollment'>> = {
  student: 'StudentEnrollment',
  teacher: 'TeacherEnrollment',
  ta: 'TaEnrollment',
  observer: 'ObserverEnrollment',
  designer: 'DesignerEnrollment',
  student_view: 'StudentViewEnrollment',
};

export interface CourseUsersPage {
  course: Stored<CourseData>;
  users: Stored<UserData>[];
  /** Each listed user's visible enrollments in the course, for `include[]=enrollments`. */
  enrollmentsOf: ReadonlyMap<number, CourseEnrollment[]>;
}

export class UsersService {
  readonly #services: CoreServices;
  readonly #ids: IdResolver;
  readonly #roster: CourseRoster;

  constructor(services: CoreServices, ids: IdResolver) {
    this.#services = services;
    this.#ids = ids;
    this.#roster = new CourseRoster(services);
  }

  /** A live user by any of Canvas's id forms; 404 for unknown and deleted users. */
  async user(raw: string, principal: Principal): Promise<Stored<UserData>> {
    const user = await this.#services.repos.users.get(await this.#ids.userId(raw, principal));
    if (!user || user.data.workflow_state === 'deleted') throw new NotFoundError();
    return user;
  }

  /** In `account`, which the route's rule resolved. */
  async create(account: Stored<AccountData>, params: CreateUserParams, stamp: WriteStamp): Promise<Stored<UserData>> {
    const login = params.pseudonym.unique_id ?? '';
    if (login === '') throw ValidationError.field('unique_id', "can't be blank", 'blank');
    // Canvas falls back to the login for the channel address when it is an email, and for the name.
    const channel = params.communication_channel;
    const address = channel.address ?? (EMAIL.test(login) ? login : undefined);
    if (address !== undefined && address !== '' && !EMAIL.test(address)) throw ValidationError.field('address', 'is invalid', 'invalid');
    assertKnownLocale(params.user.locale);
    const name = params.user.name || login;
    return createUser(
      this.#services.repos,
      {
        name,
        ...(params.user.short_name ? { short_name: params.user.short_name } : {}),
        ...(params.user.sortable_name ? { sortable_name: params.user.sortable_name } : {}),
        login_id: login,
        email: address || null,
        sis_user_id: params.pseudonym.sis_user_id ?? null,
        integration_id: params.pseudonym.integration_id ?? null,
        time_zone: params.user.time_zone || null,
        locale: params.user.locale ?? null,
        ...(params.pseudonym.password === undefined ? {} : { password: params.pseudonym.password }),
        // Logins belong to the root account of the account they were created in.
        root_account_id: account.data.root_account_id ?? account.id,
      },
      stamp,
    );
  }

  /** `PUT /users/:id`: only the fields sent change. */
  async update(user: Stored<UserData>, changes: UpdateUserParams['user'], stamp: WriteStamp): Promise<Stored<UserData>> {
    assertKnownLocale(changes.locale);
    const updated = await this.#services.repos.users.update(user.id, stamp, (data) => ({
      ...data,
      ...(changes.time_zone === undefined ? {} : { time_zone: changes.time_zone || null }),
      ...(changes.locale === undefined ? {} : { locale: changes.locale }),
    }));
    if (!updated) throw new NotFoundError();
    return updated;
  }

  /** Canvas's user `:read`: the user, an admin, or someone sharing a course whose roster they may read. */
  async maySee(principal: Principal, user: Stored<UserData>): Promise<boolean> {
    if (user.id === principal.userId || (await this.isAdmin(principal, ['manage_user_logins', 'read_roster']))) return true;
    const { enrollments } = this.#services.repos;
    const [mine, theirs] = await Promise.all([enrollments.find({ user_id: principal.userId }), enrollments.find({ user_id: user.id })]);
    const live = (e: (typeof theirs)[number]) => e.data.workflow_state !== 'deleted' && e.data.workflow_state !== 'rejected';
    const shared = new Set(mine.filter(live).map((e) => e.data.course_id));
    for (const courseId of new Set(theirs.filter(live).map((e) => e.data.course_id))) {
      if (!shared.has(courseId) || !(await this.#services.repos.courses.get(courseId))) continue;
      const visibility = await this.#roster.rosterSections(principal, courseId).catch(notFoundAsNone);
      if (visibility && theirs.some((e) => e.data.course_id === courseId && live(e) && isVisible(e, visibility))) return true;
    }
    return false;
  }

  /** Admin rights on the installation's root account. */
  isAdmin(principal: Principal, permissions: Parameters<CoreServices['access']['canAny']>[1]): Promise<boolean> {
    return this.#services.access.canAny(principal, permissions, { type: 'account', accountId: this.#services.installation.root_account_id });
  }

  /** `GET /courses/:course_id/users`: sorted by sortable name like Canvas, filtered by what the caller may see. */
  async courseUsers(principal: Principal, courseId: number, params: CourseUsersParams, now: number, showLogins: boolean): Promise<CourseUsersPage> {
    const search = params.search_term?.trim();
    if (search !== undefined && search.length < MIN_SEARCH_TERM_LENGTH) {
      throw new InvalidParameterError('search_term', `${MIN_SEARCH_TERM_LENGTH} or more characters is required`);
    }
    const course = await this.#roster.course(courseId);
    const visibility = await this.#roster.rosterSections(principal, course.id);
    const types = params.enrollment_type?.map((word) => TYPE_OF_WORD[word]);
    const enrollments = (await this.#roster.enrollments(course, now)).filter(
      (e) =>
        isVisible(e.record, visibility) &&
        matchesStates(e, params.enrollment_state) &&
        (types === undefined || types.includes(e.record.data.type)) &&
        (params.enrollment_role_id === undefined || e.record.data.role_id === params.enrollment_role_id),
    );
    const enrollmentsOf = new Map<number, CourseEnrollment[]>();
    for (const e of enrollments) enrollmentsOf.set(e.record.data.user_id, [...(enrollmentsOf.get(e.record.data.user_id) ?? []), e]);
    const wanted = params.user_ids ? new Set(params.user_ids) : undefined;
    const found = await this.#services.repos.users.getMany([...enrollmentsOf.keys()].filter((id) => !wanted || wanted.has(id)));
    const users = [...found.values()]
      .filter((u) => u.data.workflow_state !== 'deleted' && (search === undefined || matchesSearch(u, search, showLogins)))
      .sort((a, b) => a.data.sortable_name.toLowerCase().localeCompare(b.data.sortable_name.toLowerCase()) || a.id - b.id);
    return { course, users, enrollmentsOf };
  }
}

/**
 * Canvas matches names partially and ids exactly; logins and SIS ids only for callers who may see them, so a
 * search cannot be used to probe for a login.
 */
function matchesSearch(user: Stored<UserData>, term: string, showLogins: boolean): boolean {
  const needle = term.toLowerCase();
  const u = user.data;
  const names = showLogins ? [u.name, u.sortable_name, u.short_name, u.login_id] : [u.name, u.sortable_name, u.short_name];
  return String(user.id) === term || names.some((field) => field.toLowerCase().includes(needle)) || (showLogins && u.sis_user_id === term);
}

/** Canvas validates `locale` against the languages it has; Outpost's are in contracts/locales.ts. */
function assertKnownLocale(locale: string | null | undefined): void {
  if (locale !== undefined && locale !== null && !isOutpostLocale(locale)) {
    throw ValidationError.field('locale', 'is not included in the list', 'inclusion');
  }
}

function notFoundAsNone(err: unknown): undefined {
  if (err instanceof NotFoundError) return undefined;
  throw err;
}
