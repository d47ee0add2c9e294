import { z } from 'zod';
import { ValidationError } from '../../domain/errors.ts';
import type { QuizQuestionData } from '../../domain/records/quiz-records.ts';
import { sanitizeUserHtml } from '../../domain/html/sanitize.ts';

/**
 * Canvas's answer formats per question type (Quiz Submission Questions API), read from a form or JSON body into
 * the one canonical form the attempt stores and the scoring reads. A blank answer (null, '') clears the question.
 * Anything else malformed is a 400 naming the question, and nothing of the request is saved.
 */

const id = z.union([z.number().int(), z.string().regex(/^\s*\d{1,16}\s*$/)]).transform(Number);
const text = z.union([z.string(), z.number().transform(String)]).pipe(z.string().max(100_000));
const number = z.union([z.number(), z.string().regex(/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/)]).transform(Number).pipe(z.number().finite());
/** A form body numbers list entries (`answer[0]=…`) or brackets them (`answer[]=…`); both reach here as lists or index-keyed hashes. */
const list = <T extends z.ZodType>(item: T) => z.preprocess((v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.values(v) : v), z.array(item));
const hash = <T extends z.ZodType>(value: T) => z.record(z.string().max(255), value);

const FORMATS: Record<QuizQuestionData['question_type'], z.ZodType> = {
  multiple_choice_question: id,
  true_false_question: id,
  multiple_answers_question: list(id).transform((ids) => [...new Set(ids)]),
  short_answer_question: text,
  essay_question: text.transform((html) => sanitizeUserHtml(html)),
  fill_in_multiple_blanks_question: hash(z.union([text, z.null()])),
  multiple_dropdowns_question: hash(z.union([id, z.null()])),
  matching_question: list(z.object({ answer_id: id, match_id: z.union([id, z.null()]) })).transform((pairs) => pairs.filter((p) => p.match_id !== null)),
  numerical_question: number,
  file_upload_question: list(id),
  text_only_question: z.unknown().transform(() => null),
};

/** The stored form of `raw` as an answer to `question`. */
export function canonicalAnswer(question: { id: number; data: QuizQuestionData }, raw: unknown): unknown {
  if (raw === null || raw === undefined || raw === '') return null;
  const parsed = FORMATS[question.data.question_type].safeParse(raw);
  if (!parsed.success) throw ValidationError.field('quiz_questions', `the answer to question ${question.id} is not in the format of a ${question.data.question_type}`, 'invalid');
  return parsed.data;
}
