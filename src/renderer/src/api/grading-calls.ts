import type { PeerReview, Submission, SubmissionChange, UserDisplay } from '../../../contracts/grading-dtos.ts';
import type { Http } from './http.ts';

/** What the grader asks of one assignment's submissions; every write goes to the local API at once. */
export function gradingCalls(http: Http) {
  const assignment = (courseId: number, assignmentId: number) => `/api/v1/courses/${courseId}/assignments/${assignmentId}`;
  const submission = (courseId: number, assignmentId: number, userId: number) =>
    `${assignment(courseId, assignmentId)}/submissions/${userId}`;
  return {
    gradeableStudents: (courseId: number, assignmentId: number) =>
      http.getAll<UserDisplay>(`${assignment(courseId, assignmentId)}/gradeable_students`),
    submission: (courseId: number, assignmentId: number, userId: number) =>
      http.getOne<Submission>(submission(courseId, assignmentId, userId), {
        'include[]': ['submission_comments', 'submission_history'],
      }),
    /** A grade or an excuse goes under `submission[…]`, a comment under `comment[…]`, as Canvas takes them. */
    changeSubmission: (courseId: number, assignmentId: number, userId: number, change: SubmissionChange) =>
      http.writeJson<Submission>('PUT', submission(courseId, assignmentId, userId), 'text_comment' in change ? { comment: change } : { submission: change }),
    /** The bytes of a submitted file, by its File JSON `url`. */
    attachment: (url: string) => http.getBlob(url),
    peerReviews: (courseId: number, assignmentId: number) =>
      http.getAll<PeerReview>(`${assignment(courseId, assignmentId)}/peer_reviews`, { 'include[]': ['user'] }),
  };
}
