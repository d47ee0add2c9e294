import { describe, expect, it } from 'vitest';
import { mayHaveBeenPublished, NEVER_PUBLISHED, withPublicationMark } from '../../../src/server/domain/publication-marker.ts';

type Draft = { title: string; state: 'draft' | 'live' };
const published = (d: Draft) => d.state === 'live';
const draft: Draft = { title: 'A', state: 'draft' };
const live: Draft = { title: 'A', state: 'live' };

/** The mark that tells the pull whether a hidden record may sit on a device (decision 0097). */
describe('publication mark', () => {
  it('marks a record created unpublished, keeps the mark through edits, drops it for good at the first publication', () => {
    const created = withPublicationMark(published, draft, undefined);
    expect(created).toEqual({ ...draft, [NEVER_PUBLISHED]: true });
    expect(mayHaveBeenPublished(created)).toBe(false);
    // An edit that rebuilds the data without the mark keeps it, from the record as it was read.
    const edited = withPublicationMark(published, { ...draft, title: 'B' }, created);
    expect(mayHaveBeenPublished(edited)).toBe(false);
    const shown = withPublicationMark(published, { ...edited, state: 'live' }, edited);
    expect(shown).toEqual({ title: 'B', state: 'live' });
    // Unpublished again: it may be on a device, so it stays unmarked.
    const withdrawn = withPublicationMark(published, { ...shown, state: 'draft' }, shown);
    expect(mayHaveBeenPublished(withdrawn)).toBe(true);
  });

  it('never marks a record created published, nor one stored before the mark existed', () => {
    expect(withPublicationMark(published, live, undefined)).toBe(live);
    const legacy = { ...draft };
    expect(mayHaveBeenPublished(withPublicationMark(published, { ...draft, title: 'B' }, legacy))).toBe(true);
    // A caller copying a mark into a record that was published cannot bring it back.
    expect(withPublicationMark(published, { ...draft, [NEVER_PUBLISHED]: true } as Draft, live)).toEqual(draft);
  });
});
