import type {
  Quiz,
  QuizAnswerValue,
  QuizAttemptGrading,
  QuizAttemptTime,
  QuizSubmission,
  QuizSubmissionQuestion,
} from '../../../contracts/quiz-attempt-dtos.ts';
import type { SubmissionAttachment } from '../../../contracts/grading-dtos.ts';
import type { Http } from './http.ts';

/** What proves a write belongs to the attempt being taken: its number and the token given to its owner. */
export interface AttemptProof {
  id: number;
  attempt: number;
  validation_token: string;
}

const proofOf = (a: AttemptProof) => ({ attempt: a.attempt, validation_token: a.validation_token });

/** Taking a quiz and grading attempts (Canvas's Quiz Submissions and Quiz Submission Questions APIs). */
export function quizAttemptCalls(http: Http) {
  const quiz = (courseId: number, quizId: number) => `/api/v1/courses/${courseId}/quizzes/${quizId}`;
  const wrapped = async (answer: Promise<{ quiz_submissions: QuizSubmission[] }>) => {
    const [first] = (await answer).quiz_submissions;
    if (!first) throw new Error('The server answered without the quiz submission.');
    return first;
  };
  return {
    quiz: (courseId: number, quizId: number) => http.getOne<Quiz>(quiz(courseId, quizId)),
    /** The caller's own quiz submission (a student), or every student's the caller grades. */
    quizSubmissions: (courseId: number, quizId: number) => http.getAllWrapped<QuizSubmission>('quiz_submissions', `${quiz(courseId, quizId)}/submissions`),
    quizSubmission: (courseId: number, quizId: number, id: number) =>
      wrapped(http.getOne<{ quiz_submissions: QuizSubmission[] }>(`${quiz(courseId, quizId)}/submissions/${id}`)),
    quizAttemptStarted: (courseId: number, quizId: number, accessCode: string | undefined) =>
      wrapped(http.writeJson('POST', `${quiz(courseId, quizId)}/submissions`, accessCode === undefined ? {} : { access_code: accessCode })),
    /** The attempt's questions with the answers saved; the questions themselves as the caller may see them. */
    attemptQuestions: async (quizSubmissionId: number) =>
      (
        await http.getOne<{ quiz_submission_questions: QuizSubmissionQuestion[] }>(`/api/v1/quiz_submissions/${quizSubmissionId}/questions`, {
          'include[]': ['quiz_question'],
        })
      ).quiz_submission_questions,
    questionsAnswered: (attempt: AttemptProof, answers: Array<{ id: number; answer: QuizAnswerValue }>) =>
      http.write('POST', `/api/v1/quiz_submissions/${attempt.id}/questions`, { ...proofOf(attempt), quiz_questions: answers }),
    questionFlagged: (attempt: AttemptProof, questionId: number, flagged: boolean) =>
      http.write('PUT', `/api/v1/quiz_submissions/${attempt.id}/questions/${questionId}/${flagged ? 'flag' : 'unflag'}`, proofOf(attempt)),
    attemptCompleted: (courseId: number, quizId: number, attempt: AttemptProof) =>
      wrapped(http.writeJson('POST', `${quiz(courseId, quizId)}/submissions/${attempt.id}/complete`, proofOf(attempt))),
    attemptTime: (courseId: number, quizId: number, id: number) => http.getOne<QuizAttemptTime>(`${quiz(courseId, quizId)}/submissions/${id}/time`),
    /** A file a student gave as an answer, for its name and download address. */
    answerFile: (fileId: number) => http.getOne<SubmissionAttachment>(`/api/v1/files/${fileId}`),
    attemptGraded: (courseId: number, quizId: number, id: number, grading: QuizAttemptGrading) =>
      wrapped(http.writeJson('PUT', `${quiz(courseId, quizId)}/submissions/${id}`, { quiz_submissions: [grading] })),
  };
}
