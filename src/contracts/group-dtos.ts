/** `GET /courses/:id/group_categories`: a group set. */
export interface GroupCategory {
  id: number;
  name: string;
  /** `enabled` or `restricted` when students may join groups themselves; null when staff place them. */
  self_signup: string | null;
}

/** `GET /group_categories/:id/groups` */
export interface Group {
  id: number;
  name: string;
  members_count: number;
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
