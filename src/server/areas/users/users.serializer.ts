import type { UserData } from '../../domain/records/directory-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { DEFAULT_LOCALE } from '../../../contracts/locales.ts';
import { isoSeconds } from '../common/api-values.ts';

/** Outpost stores no pictures; Canvas answers users without one with its stock avatar, as an absolute URL. */
export function defaultAvatarUrl(baseUrl: string): string {
  return `${baseUrl}/images/messages/avatar-50.png`;
}

export const USER_INCLUDES = ['enrollments', 'locked', 'avatar_url', 'test_student', 'bio', 'email', 'uuid'] as const;
export type UserInclude = (typeof USER_INCLUDES)[number];

export interface UserView {
  baseUrl: string;
  /**
   * Canvas's `user_json_is_admin?`: SIS ids and the login are shown only to the user and to those who manage
   * people in the context (admins, course staff with manage_students or read_sis).
   */
  showLogins: boolean;
  includes: ReadonlySet<string>;
}

/** Canvas's User JSON, from an allow-list; `include[]` blocks are added only when asked for. */
export function userJson(user: Stored<UserData>, view: UserView): Record<string, unknown> {
  const u = user.data;
  const json: Record<string, unknown> = {
    id: user.id,
    name: u.name,
    created_at: isoSeconds(user.created_at),
    sortable_name: u.sortable_name,
    short_name: u.short_name,
  };
  if (view.showLogins) {
    Object.assign(json, { sis_user_id: u.sis_user_id, integration_id: u.integration_id, sis_import_id: null, login_id: u.login_id });
  }
  if (view.includes.has('avatar_url')) json.avatar_url = defaultAvatarUrl(view.baseUrl);
  // Only to those who manage people here (Canvas: read_email_addresses, held by staff): never a classmate's address.
  if (view.includes.has('email') && view.showLogins) json.email = u.email;
  if (view.includes.has('uuid')) json.uuid = u.uuid;
  if (view.includes.has('bio')) json.bio = null;
  if (view.includes.has('locked')) json.locked = false;
  return json;
}

/** `GET /users/:id` adds the profile-ish fields Canvas's `api_show` always sends. */
export function userProfileJson(user: Stored<UserData>, view: UserView): Record<string, unknown> {
  return {
    ...userJson(user, { ...view, includes: new Set([...view.includes, 'avatar_url']) }),
    locale: user.data.locale,
    effective_locale: effectiveLocale(user.data),
    time_zone: user.data.time_zone ?? 'Etc/UTC',
  };
}

/** The language Outpost speaks to the user in: their own choice, else the default (Outpost has no account default). */
export function effectiveLocale(user: Pick<UserData, 'locale'>): string {
  return user.locale ?? DEFAULT_LOCALE;
}

/**
 * `GET /users/:id/profile`: Canvas's Profile object, for the user themself and admins. Outpost keeps no titles,
 * bios or pronunciations, so those are null as Canvas sends them when unset. `calendarIcs`, the private feed URL,
 * is shown to the user themself alone: whoever holds it reads their calendar.
 */
export function profileJson(user: Stored<UserData>, baseUrl: string, calendarIcs?: string): Record<string, unknown> {
  const u = user.data;
  return {
    id: user.id,
    name: u.name,
    short_name: u.short_name,
    sortable_name: u.sortable_name,
    title: null,
    bio: null,
    pronunciation: null,
    primary_email: u.email,
    login_id: u.login_id,
    sis_user_id: u.sis_user_id,
    integration_id: u.integration_id,
    avatar_url: defaultAvatarUrl(baseUrl),
    time_zone: u.time_zone ?? 'Etc/UTC',
    locale: u.locale,
    effective_locale: effectiveLocale(u),
    ...(calendarIcs ? { calendar: { ics: calendarIcs } } : {}),
  };
}
