import { cpus } from 'node:os';
import { finishAttempt } from '../../src/server/areas/quizzes/quiz-attempt-rules.ts';
import type { QuizSubmissionData } from '../../src/server/domain/records/quiz-records.ts';
import { answerQuestions, completeAttempt, startAttempt, type QuizAttempt } from '../../test/helpers/quiz-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { summary } from '../grading/percentiles.ts';
import { buildClassQuiz, type ClassQuiz } from './class-quiz.ts';

/**
 * Issue 28's targets, over real HTTP to a real server on a real SQLite file:
 * - a class of 40 answering a 20-question quiz at once (each student answering question after question, saving
 *   each answer, then turning the quiz in) against the same students doing it one at a time, in the same run:
 *   answer-save p95 and complete p95 at most 3× alone, and nothing lost (every attempt scores full marks);
 * - automatic grading of 1,000 attempts of 20 questions under 2 s, printed with its ratio to a floor measured in
 *   the same run (copying the same attempts once, the least any grading must do to read them).
 * Sizes: OUTPOST_BENCH_STUDENTS (default 40), OUTPOST_BENCH_ATTEMPTS (default 1000).
 */
const STUDENTS = Number(process.env.OUTPOST_BENCH_STUDENTS ?? 40);
const ATTEMPTS = Number(process.env.OUTPOST_BENCH_ATTEMPTS ?? 1000);
const ADMIN = 'bench-quizzes-admin';
const RATIO_TARGET = 3;
const GRADING_TARGET_MS = 2000;

interface Timings {
  answers: number[];
  completes: number[];
  scores: number[];
}

async function timed<T>(list: number[], work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  list.push(performance.now() - start);
  return result;
}

/** One student's attempt: start, each answer saved on its own as the quiz screen saves it, then complete. */
async function sitQuiz(server: TestServer, quiz: ClassQuiz, token: string, into: Timings): Promise<void> {
  const attempt = await startAttempt(server, token, quiz.courseId, quiz.quizId);
  for (const answer of quiz.rightAnswers) {
    const res = await timed(into.answers, () => answerQuestions(server, token, attempt, [answer]));
    if (res.status !== 200) throw new Error(`answer refused: ${res.status} ${JSON.stringify(res.json)}`);
  }
  const done = await timed(into.completes, () => completeAttempt(server, token, quiz.courseId, quiz.quizId, attempt));
  into.scores.push(Number(done.score));
}

const fresh = (): Timings => ({ answers: [], completes: [], scores: [] });
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

/** The stored state of an answered, unfinished attempt, to grade many times over without HTTP. */
async function answeredAttempt(server: TestServer, quiz: ClassQuiz): Promise<QuizSubmissionData> {
  const token = quiz.students[0]!.token;
  const attempt: QuizAttempt = await startAttempt(server, token, quiz.courseId, quiz.quizId);
  await answerQuestions(server, token, attempt, quiz.rightAnswers);
  return (await server.core.services.repos.quizSubmissions.get(attempt.id))!.data;
}

async function gradingBench(server: TestServer, quiz: ClassQuiz): Promise<void> {
  const { repos } = server.core.services;
  const sub = await answeredAttempt(server, quiz);
  const quizData = (await repos.quizzes.get(quiz.quizId))!.data;
  const questions = await repos.quizQuestions.getMany(sub.questions.map((d) => d.id));
  const attempts = Array.from({ length: ATTEMPTS }, () => structuredClone(sub));
  const now = Date.now();
  // Warm both paths, then time the floor and the grading alternately, five rounds each, keeping the medians.
  const floorMs: number[] = [];
  const gradeMs: number[] = [];
  let full = 0;
  for (let round = 0; round < 6; round++) {
    const floorStart = performance.now();
    const copies = attempts.map((a) => structuredClone(a));
    const floor = performance.now() - floorStart;
    const gradeStart = performance.now();
    full = copies.map((a) => finishAttempt(a, quizData, questions, now)).filter((f) => f.score === quiz.pointsPossible).length;
    const grade = performance.now() - gradeStart;
    if (round > 0) {
      floorMs.push(floor);
      gradeMs.push(grade);
    }
  }
  const floor = summary(floorMs).median;
  const grade = summary(gradeMs).median;
  console.log(`\nautomatic grading of ${ATTEMPTS} attempts × ${sub.questions.length} questions (median of 5 rounds):\n`);
  console.log('| measure | ms | ratio to floor | target |');
  console.log('|---|---:|---:|---|');
  console.log(`| floor: copying the ${ATTEMPTS} attempts once | ${floor.toFixed(1)} | 1.00× | |`);
  console.log(`| grading them (every question scored, history and kept score) | ${grade.toFixed(1)} | ${(grade / floor).toFixed(2)}× | < ${GRADING_TARGET_MS} ms ${verdict(grade < GRADING_TARGET_MS)} |`);
  if (full !== ATTEMPTS) throw new Error(`only ${full} of ${ATTEMPTS} attempts scored full marks`);
}

const server = await startTestServer({ adminToken: ADMIN });
try {
  const setupStart = performance.now();
  const quiz = await buildClassQuiz(server, STUDENTS);
  console.log(`course: ${STUDENTS} students, a graded quiz of ${quiz.rightAnswers.length} questions (built in ${((performance.now() - setupStart) / 1000).toFixed(1)} s)`);
  console.log(`${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
  // A first attempt warms the routes and caches, so neither phase pays for them.
  await sitQuiz(server, quiz, quiz.students[0]!.token, fresh());
  const alone = fresh();
  for (const student of quiz.students) await sitQuiz(server, quiz, student.token, alone);
  const together = fresh();
  const wallStart = performance.now();
  await Promise.all(quiz.students.map((student) => sitQuiz(server, quiz, student.token, together)));
  const wall = performance.now() - wallStart;
  const lost = together.scores.filter((s) => s !== quiz.pointsPossible).length + (STUDENTS - together.scores.length);
  const a = { answer: summary(alone.answers), complete: summary(alone.completes) };
  const t = { answer: summary(together.answers), complete: summary(together.completes) };
  console.log(`\n${STUDENTS} students, one at a time, then all at once (the class took ${(wall / 1000).toFixed(1)} s at once):\n`);
  console.log('| request | alone median / p95 ms | at once median / p95 ms | p95 ratio | target |');
  console.log('|---|---:|---:|---:|---|');
  for (const [name, key] of [['save an answer', 'answer'], ['complete the attempt', 'complete']] as const) {
    const ratio = t[key].p95 / a[key].p95;
    console.log(`| ${name} | ${a[key].median.toFixed(1)} / ${a[key].p95.toFixed(1)} | ${t[key].median.toFixed(1)} / ${t[key].p95.toFixed(1)} | ${ratio.toFixed(2)}× | ≤ ${RATIO_TARGET}× ${verdict(ratio <= RATIO_TARGET)} |`);
  }
  console.log(`| attempts not scoring full marks (an answer lost) | 0 | ${lost} | | 0 ${verdict(lost === 0)} |`);
  await gradingBench(server, quiz);
} finally {
  await server.stop();
}
