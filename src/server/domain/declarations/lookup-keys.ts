/** Lookup keys are namespaced so one slot can serve several kinds of unique key. */
export const lookupKey = {
  login: (login: string) => `login:${login.toLowerCase()}`,
  sis: (sisId: string) => `sis:${sisId}`,
  tokenHash: (hashHex: string) => `sha256:${hashHex}`,
  /** A live login's unique id; deleted logins free theirs (their slot is empty). */
  pseudonym: (uniqueId: string) => `pseudonym:${uniqueId.toLowerCase()}`,
  sessionHash: (hashHex: string) => `session:${hashHex}`,
  calendarFeed: (code: string) => `calendar_feed:${code}`,
};

export const sisSlot = (sisId: string | null) => (sisId === null ? '' : lookupKey.sis(sisId));

/** Position order, ties by id (Canvas's acts_as_list orders by position, then id). */
export const positionThenId = (position: number, id: number) => `${String(position).padStart(9, '0')}:${String(id).padStart(16, '0')}`;
