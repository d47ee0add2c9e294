import { createFixtureUser, type FixtureUser } from '../../test/helpers/api-fixtures.ts';
import { createContentCourse } from '../../test/helpers/content-fixtures.ts';
import { enrollFixtureUser } from '../../test/helpers/course-fixtures.ts';
import { createQuizWithQuestions } from '../../test/helpers/quiz-fixtures.ts';
import type { TestServer } from '../../test/helpers/server.ts';

/** A question as the teacher reads it back: its answers with the ids the server gave them. */
interface CreatedQuestion {
  id: number;
  question_type: string;
  answers: Array<{ id: number; text: string; weight: number }>;
}

export interface ClassQuiz {
  courseId: number;
  quizId: number;
  students: FixtureUser[];
  /** The right answer to every question, in Canvas's answer format: a full score means every answer was kept. */
  rightAnswers: Array<{ id: number; answer: unknown }>;
  pointsPossible: number;
}

/** Twenty questions of the automatically graded types, one point each, in the mix a class quiz has. */
function questionSet(): Record<string, unknown>[] {
  const choice = (i: number) => ({
    question_type: 'multiple_choice_question', question_text: `Choice ${i}`, points_possible: 1,
    answers: ['a', 'b', 'c', 'd'].map((t) => ({ answer_text: `${t}${i}`, answer_weight: t === 'b' ? 100 : 0 })),
  });
  const trueFalse = (i: number) => ({ question_type: 'true_false_question', question_text: `Statement ${i}`, points_possible: 1, answers: [{ answer_text: 'True', answer_weight: 100 }, { answer_text: 'False', answer_weight: 0 }] });
  const many = (i: number) => ({
    question_type: 'multiple_answers_question', question_text: `Pick all ${i}`, points_possible: 1,
    answers: ['p', 'q', 'r', 's'].map((t) => ({ answer_text: `${t}${i}`, answer_weight: 'pq'.includes(t) ? 100 : 0 })),
  });
  const short = (i: number) => ({ question_type: 'short_answer_question', question_text: `Name ${i}`, points_possible: 1, answers: [{ answer_text: `word${i}` }] });
  const numerical = (i: number) => ({ question_type: 'numerical_question', question_text: `Number ${i}`, points_possible: 1, answers: [{ numerical_answer_type: 'exact_answer', exact: i, margin: 0 }] });
  return [...[1, 2, 3, 4, 5, 6, 7, 8].map(choice), ...[1, 2, 3, 4].map(trueFalse), ...[1, 2, 3, 4].map(many), ...[1, 2].map(short), ...[1, 2].map(numerical)];
}

function rightAnswer(q: CreatedQuestion, index: number): unknown {
  const right = q.answers.filter((a) => a.weight === 100).map((a) => a.id);
  switch (q.question_type) {
    case 'multiple_answers_question':
      return right;
    case 'short_answer_question':
      return q.answers[0]!.text;
    case 'numerical_question':
      return index - 17;
    default:
      return right[0];
  }
}

/**
 * A course of `studentCount` students with tokens, and a published graded quiz of 20 one-point questions they may
 * take as often as they like (each phase of the bench takes it again), through the HTTP API as a teacher builds it.
 */
export async function buildClassQuiz(server: TestServer, studentCount: number): Promise<ClassQuiz> {
  const course = await createContentCourse(server, 'Quiz bench');
  const students: FixtureUser[] = [];
  for (let i = 0; i < studentCount; i++) {
    const student = await createFixtureUser(server, `Quiz Student ${i}`);
    await enrollFixtureUser(server, course.id, student.id, 'StudentEnrollment', { sectionId: course.sectionId });
    students.push(student);
  }
  const { quiz, questions } = await createQuizWithQuestions(server, course, questionSet(), { quiz_type: 'assignment', allowed_attempts: -1, scoring_policy: 'keep_latest' });
  const created = questions as unknown as CreatedQuestion[];
  // Numerical questions 1 and 2 are the 19th and 20th: index - 17 is their exact answer.
  return { courseId: course.id, quizId: quiz.id, students, rightAnswers: created.map((q, i) => ({ id: q.id, answer: rightAnswer(q, i) })), pointsPossible: created.length };
}
