/**
 * The hub-side fact that tells whether a device may ever have held a copy of a draft (decision 0097): a record of a
 * type whose readers see only published copies is stored with `never_published: true` from its creation until it
 * is first published, and never marked again. A hidden record so marked was never shown to anyone but its managers,
 * so a reader's pull sends nothing for it, not even a tombstone; one without the mark (published once, or stored
 * before the mark existed) is sent as a bare tombstone, so a device's copy is deleted.
 */
export const NEVER_PUBLISHED = 'never_published';

/** The data to store: marked while the record, from its creation (`before` undefined), has never been published. */
export function withPublicationMark<TData extends object>(published: (data: TData) => boolean, data: TData, before: TData | undefined): TData {
  const marked = (d: object) => (d as Record<string, unknown>)[NEVER_PUBLISHED] === true;
  const neverShown = !published(data) && (before === undefined || marked(before));
  if (neverShown === marked(data) && (neverShown || !(NEVER_PUBLISHED in data))) return data;
  const { [NEVER_PUBLISHED]: _dropped, ...rest } = data as Record<string, unknown>;
  return (neverShown ? { ...rest, [NEVER_PUBLISHED]: true } : rest) as TData;
}

/** Whether a record may have been shown to its readers: published at some time, or older than the mark. */
export function mayHaveBeenPublished(data: object): boolean {
  return (data as Record<string, unknown>)[NEVER_PUBLISHED] !== true;
}
