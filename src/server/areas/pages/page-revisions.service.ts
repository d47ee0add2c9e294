import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { PageRevisionData, WikiPageData } from '../../domain/records/page-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';

/** The versioned fields: only a change to one of them makes a revision (publishing or roles do not; docs/canvas-compatibility.md §4.6). */
export type Versioned = Pick<WikiPageData, 'url' | 'title' | 'body'>;

export const isVersionChange = (before: Versioned, after: Versioned): boolean =>
  before.url !== after.url || before.title !== after.title || before.body !== after.body;

/** The append-only revision history of pages (the `history` collection). */
export class PageRevisions {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  /**
   * Records the page as it now stands under its current revision number. Called after the page write that moved
   * the number, so a failure in between leaves a gap in the history, never two revisions with one number.
   */
  async record(page: Stored<WikiPageData>, stamp: WriteStamp): Promise<Stored<PageRevisionData>> {
    const p = page.data;
    return this.#services.repos.pageRevisions.create(
      {
        page_id: page.id,
        context_type: p.context_type,
        context_id: p.context_id,
        revision_id: p.revision,
        url: p.url,
        title: p.title,
        body: p.body ?? '',
        edited_by: p.last_edited_by,
        saved_at: p.revised_at,
      },
      stamp,
    );
  }

  /** Newest first, as Canvas lists them. */
  async list(page: Stored<WikiPageData>): Promise<Stored<PageRevisionData>[]> {
    return this.#services.repos.pageRevisions.find({ parent_id: page.id }, [{ sort_key: 'desc' }]);
  }

  async get(page: Stored<WikiPageData>, revisionId: number): Promise<Stored<PageRevisionData>> {
    const [revision] = await this.#services.repos.pageRevisions.find({ parent_id: page.id, sort_key: String(revisionId).padStart(9, '0') });
    if (!revision) throw new NotFoundError('revision');
    return revision;
  }

  async latest(page: Stored<WikiPageData>): Promise<Stored<PageRevisionData>> {
    return this.get(page, page.data.revision);
  }
}
