/** `GET /courses/:id/group_categories`: a group set. */
export interface GroupCategory {
  id: number;
  name: string;
  /** `enabled` or `restricted` when students may join groups themselves; null when staff place them. */
  self_signup: string | null;
  /** The most members a group of the set may have (self sign-up sets only); null for no limit. */
  group_limit: number | null;
}

/** `GET /group_categories/:id/groups` */
export interface Group {
  id: number;
  name: string;
  members_count: number;
  /** The member who leads the group, in Canvas's short user form; null when none does. */
  leader: { id: number; display_name: string } | null;
}

/** The users of `GET /groups/:id?include[]=users` and `GET /group_categories/:id/users`. */
export interface GroupUser {
  id: number;
  name: string;
  sortable_name: string;
}

/** Writable fields of `POST /courses/:id/group_categories`. */
export interface GroupCategoryWrite {
  name: string;
  self_signup?: 'enabled';
  /** Empty groups made with the set, named after it. */
  create_group_count?: number;
}

/** `PUT /group_categories/:id`: every setting sent, an empty value clearing it. */
export interface GroupCategoryUpdate {
  name: string;
  self_signup: 'enabled' | '';
  group_limit: number | '';
}

/** `PUT /groups/:id`: a new name, or a leader chosen among the members (null clears). */
export type GroupUpdate = { name: string } | { leader_id: number | null };
