import type { CoreServices } from '../../core-services.ts';
import { InvalidError, NotFoundError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import { peerReviewKey, type PeerReviewData } from '../../domain/records/peer-review-records.ts';
import type { SubmissionData } from '../../domain/records/submission-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { ContentViewer } from '../common/course-content.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import { SubmissionReader } from '../submissions/submission-reader.ts';
import { VIEW_GRADES, type SubmissionScope, type SubmissionScopes } from '../submissions/submission-scope.ts';
import { SubmissionStore, type StoredAssignment } from '../submissions/submission-store.ts';
import { SubmissionsService } from '../submissions/submissions.service.ts';
import type { AssignReviewerParams, ListPeerReviewsParams, PeerReviewInclude } from './peer-reviews.params.ts';
import { peerReviewJson } from './peer-reviews.serializer.ts';
import { peerReviewShown } from '../../domain/records/peer-review-records.ts';

export type PeerReview = Stored<PeerReviewData>;

/** The assignment a request is about, as the caller sees it. */
interface Target {
  readonly viewer: ContentViewer;
  readonly assignment: StoredAssignment;
}

/**
 * Canvas's own bodies for a refused create or delete (docs/canvas-compatibility.md §7):
 * `{"errors":{"base":"Create failed"}}`.
 */
const createFailed = () => new InvalidError('Create failed', { field: 'base' });
const deleteFailed = () => new InvalidError('Delete failed', { field: 'base' });

/**
 * Peer reviews (Canvas's AssessmentRequest, docs/canvas-compatibility.md §7): graders assign a student to review another's
 * submission and remove the assignment; everyone lists the reviews they may see. Assignments and submissions are
 * read through the submissions area's own rules, so drafts and out-of-reach students answer as they do there.
 */
export class PeerReviewsService {
  readonly #services: CoreServices;
  readonly #scopes: SubmissionScopes;
  /** Used for its reads (viewer, assignment); reviews never write submissions. */
  readonly #submissions: SubmissionsService;
  readonly #reader: SubmissionReader;
  /** Assign and remove one reviewer of one submission at a time, so two assigns never create two reviews. */
  readonly #writes = new KeyedQueue();

  constructor(services: CoreServices, scopes: SubmissionScopes) {
    this.#services = services;
    this.#scopes = scopes;
    this.#submissions = new SubmissionsService(services, new SubmissionStore(services));
    this.#reader = new SubmissionReader(services);
  }

  /**
   * The assignment's (or one submission's) reviews, by id. Graders (view_all_grades or manage_grades) see those of
   * every student in their reach; anyone else only the reviews of their own work (Canvas's `for_assessee`).
   */
  async list(principal: Principal, scope: SubmissionScope, p: ListPeerReviewsParams): Promise<{ target: Target; reviews: PeerReview[] }> {
    const target = await this.#target(principal, scope, p.assignment_id);
    const { repos } = this.#services;
    const submissionIds =
      p.submission_id !== undefined
        ? [(await this.#submission(target, scope, p.submission_id)).id]
        : (await repos.submissions.find({ parent_id: target.assignment.id })).map((s) => s.id);
    const [reviews, reach, grader] = await Promise.all([
      repos.peerReviews.find({ parent_id: { $in: submissionIds } }),
      this.#scopes.visibleStudents(principal, scope),
      this.#scopes.canInScope(principal, VIEW_GRADES, scope),
    ]);
    const visible = new Set(reach);
    const shown = reviews.filter((r) => peerReviewShown(r.data, principal.userId, grader, (userId) => visible.has(userId)));
    return { target, reviews: shown };
  }

  /** Assigns the reviewer; an existing review of the pair is answered unchanged, a removed one comes back. */
  async assign(principal: Principal, scope: SubmissionScope, p: AssignReviewerParams, stamp: WriteStamp): Promise<{ target: Target; review: PeerReview }> {
    const { target, submission } = await this.#pair(principal, scope, p);
    // Canvas refuses a self-review, but not an assignment whose peer_reviews flag is off: a teacher may assign one
    // there by hand (docs/canvas-compatibility.md §7).
    if (p.user_id === submission.data.user_id) throw createFailed();
    const { peerReviews } = this.#services.repos;
    const key = peerReviewKey(submission.id, p.user_id);
    const review = await this.#writes.run(key, async () => {
      const current = await peerReviews.byLookup(key);
      if (current?.data.workflow_state === 'deleted') {
        return (await peerReviews.update(current.id, stamp, (d) => ({ ...d, workflow_state: 'assigned' })))!;
      }
      if (current) return current;
      const s = submission.data;
      return peerReviews.create(
        { course_id: s.course_id, assignment_id: s.assignment_id, submission_id: submission.id, user_id: s.user_id, assessor_id: p.user_id, workflow_state: 'assigned' },
        stamp,
      );
    });
    return { target, review };
  }

  /** Removes the reviewer (soft delete); answers the review as it was. No such review: 400 "Delete failed". */
  async remove(principal: Principal, scope: SubmissionScope, p: AssignReviewerParams, stamp: WriteStamp): Promise<{ target: Target; review: PeerReview }> {
    const { target, submission } = await this.#pair(principal, scope, p);
    const { peerReviews } = this.#services.repos;
    const key = peerReviewKey(submission.id, p.user_id);
    const review = await this.#writes.run(key, async () => {
      const current = await peerReviews.byLookup(key);
      if (!current || current.data.workflow_state === 'deleted') throw deleteFailed();
      await peerReviews.update(current.id, stamp, (d) => ({ ...d, workflow_state: 'deleted' }));
      return current;
    });
    return { target, review };
  }

  /** Reviews as JSON, with what `include[]` asks for loaded once for all of them. */
  async json(reviews: readonly PeerReview[], target: Target, include: PeerReviewInclude, request: { baseUrl: string; now: number }) {
    const { repos } = this.#services;
    const userIds = include.user ? reviews.flatMap((r) => [r.data.user_id, r.data.assessor_id]) : [];
    const users = await repos.users.getMany([...new Set(userIds)]);
    const comments = new Map<number, unknown>();
    if (include.comments && reviews.length > 0) {
      const submissions = await repos.submissions.getMany([...new Set(reviews.map((r) => r.data.submission_id))]);
      const shown = await this.#reader.json([...submissions.values()], new Map([[target.assignment.id, target.assignment]]), {
        ...request,
        viewer: target.viewer,
        include: ['submission_comments'],
      });
      for (const s of shown) comments.set(s.id as number, s.submission_comments);
    }
    return reviews.map((r) => peerReviewJson(r, { baseUrl: request.baseUrl, include, users, comments }));
  }

  /** 404 for an assignment of another course, deleted, or a draft the caller may not see. */
  async #target(principal: Principal, scope: SubmissionScope, assignmentId: number): Promise<Target> {
    const viewer = await this.#submissions.viewer(principal, scope.courseId);
    return { viewer, assignment: await this.#submissions.assignment(viewer, assignmentId) };
  }

  /** 404 unless the submission is the assignment's and its student is in the path's course or section. */
  async #submission(target: Target, scope: SubmissionScope, id: number): Promise<Stored<SubmissionData>> {
    const submission = await this.#services.repos.submissions.get(id);
    if (!submission || submission.data.assignment_id !== target.assignment.id) throw new NotFoundError('submission');
    if (!(await this.#scopes.students(scope)).has(submission.data.user_id)) throw new NotFoundError('submission');
    return submission;
  }

  /**
   * The submission and the reviewer of an assign or remove. Both students must be ones the caller may see
   * (Canvas's `students_visible_to`): a reviewer who is not a student of the course is a 404.
   */
  async #pair(principal: Principal, scope: SubmissionScope, p: AssignReviewerParams): Promise<{ target: Target; submission: Stored<SubmissionData> }> {
    const target = await this.#target(principal, scope, p.assignment_id);
    const submission = await this.#submission(target, scope, p.submission_id);
    const visible = new Set(await this.#scopes.visibleStudents(principal, { courseId: scope.courseId }));
    if (!visible.has(submission.data.user_id) || !visible.has(p.user_id)) throw new NotFoundError('user');
    return { target, submission };
  }
}
