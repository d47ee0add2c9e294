import { ValidationError } from '../../domain/errors.ts';
import type { QuestionType, QuizAnswer, QuizMatch } from '../../domain/records/quiz-records.ts';
import type { AnswerParam } from './quiz-questions.params.ts';

/**
 * Turns the `answers[]` of a question request (Canvas's `answer_text`/`answer_weight`/… form) into the stored
 * answers (`text`/`weight`/…) for its type. Ids are kept when the client sends them (Canvas clients send them back
 * on update) and otherwise derived from the answer's place and text, not drawn at random: a write replayed on the
 * hub (decision 0044) then gives the same ids the device gave, so answers recorded against them still match.
 */

const CHOICE_TYPES: ReadonlySet<QuestionType> = new Set(['multiple_choice_question', 'true_false_question', 'multiple_answers_question']);
const BLANK_TYPES: ReadonlySet<QuestionType> = new Set(['fill_in_multiple_blanks_question', 'multiple_dropdowns_question']);
/** Types without answers to store: answered in free form, or not answered at all. */
const NO_ANSWERS: ReadonlySet<QuestionType> = new Set(['essay_question', 'file_upload_question', 'text_only_question']);

/** FNV-1a: the same number for the same text, on every server (ids and orders a replay must repeat). */
export function stableHash(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash;
}

/** A stable id from 1000 to 9999 for `seed`, moved on past ids already taken. */
function derivedId(seed: string, taken: Set<number>): number {
  let id = 1000 + (stableHash(seed) % 9000);
  while (taken.has(id)) id = id === 9999 ? 1000 : id + 1;
  taken.add(id);
  return id;
}

function invalid(message: string): ValidationError {
  return ValidationError.field('answers', message, 'invalid');
}

/** Canvas counts an answer correct when its weight is 100; any positive weight is stored as that. */
function weightOf(a: AnswerParam): number {
  return (a.answer_weight ?? a.weight ?? 0) > 0 ? 100 : 0;
}

function textOf(a: AnswerParam): string {
  return (a.answer_text ?? a.text ?? '').trim();
}

function numericalAnswer(a: AnswerParam, base: QuizAnswer): QuizAnswer {
  const type = a.numerical_answer_type ?? 'exact_answer';
  const need = (value: number | undefined, field: string): number => {
    if (value === undefined) throw invalid(`a ${type} needs ${field}`);
    return value;
  };
  if (type === 'range_answer') {
    const [start, end] = [need(a.start, 'start'), need(a.end, 'end')];
    if (end < start) throw invalid('a range_answer’s end must not be below its start');
    return { ...base, numerical_answer_type: type, start, end };
  }
  if (type === 'precision_answer') {
    return { ...base, numerical_answer_type: type, approximate: need(a.approximate, 'approximate'), precision: need(a.precision, 'precision') };
  }
  return { ...base, numerical_answer_type: type, exact: need(a.exact, 'exact'), margin: Math.abs(a.margin ?? 0) };
}

/** The stored answers and matching right sides of a question of `type`. */
type StoredAnswers = { answers: QuizAnswer[]; matches: QuizMatch[]; matching_answer_incorrect_matches?: string };

export function storedAnswers(type: QuestionType, sent: readonly AnswerParam[], incorrectMatches: string | undefined): StoredAnswers {
  if (NO_ANSWERS.has(type)) return { answers: [], matches: [] };
  const taken = new Set<number>(sent.flatMap((a) => (a.id === undefined ? [] : [a.id])));
  if (taken.size !== sent.filter((a) => a.id !== undefined).length) throw invalid('answer ids must be unique');
  const answers = sent.map((a, index): QuizAnswer => {
    const base: QuizAnswer = {
      id: a.id ?? derivedId(`answer:${index}:${textOf(a)}:${a.blank_id ?? ''}:${a.answer_match_left ?? ''}`, taken),
      text: textOf(a),
      weight: weightOf(a),
      ...(a.answer_comments ? { comments: a.answer_comments } : {}),
    };
    if (type === 'numerical_question') return numericalAnswer(a, { ...base, weight: 100 });
    if (BLANK_TYPES.has(type)) {
      const blank = a.blank_id?.trim();
      if (!blank) throw invalid('every answer of a blanks question needs its blank_id');
      return { ...base, blank_id: blank };
    }
    if (type === 'matching_question') {
      const left = (a.answer_match_left ?? '').trim();
      if (left === '') throw invalid('every answer of a matching question needs answer_match_left');
      return { ...base, text: left, left, right: (a.answer_match_right ?? '').trim(), weight: 100 };
    }
    // Short answers: every listed answer is an accepted one.
    if (type === 'short_answer_question') return { ...base, weight: 100 };
    return base;
  });
  if (CHOICE_TYPES.has(type) && answers.some((a) => a.text === '')) throw invalid('every choice needs answer_text');
  if (type === 'matching_question') return matchingSides(answers, incorrectMatches);
  return { answers, matches: [] };
}

/**
 * A matching question's right sides: each distinct correct one and each distractor (one per line of
 * `matching_answer_incorrect_matches`) once, with ids derived from its text so that neither its id nor its place
 * in the list tells which left side it belongs to.
 */
function matchingSides(answers: QuizAnswer[], incorrectMatches: string | undefined): StoredAnswers {
  const taken = new Set<number>(answers.map((a) => a.id));
  const byText = new Map<string, number>();
  const rights = [...answers.map((a) => a.right ?? ''), ...(incorrectMatches ?? '').split('\n').map((t) => t.trim())].filter((t) => t !== '');
  for (const text of rights) if (!byText.has(text)) byText.set(text, derivedId(`match:${text}`, taken));
  const matches = [...byText].map(([text, match_id]) => ({ match_id, text })).sort((a, b) => a.match_id - b.match_id);
  const distractors = (incorrectMatches ?? '').split('\n').map((t) => t.trim()).filter((t) => t !== '').join('\n');
  return { answers: answers.map((a) => ({ ...a, match_id: byText.get(a.right ?? '') ?? 0 })), matches, matching_answer_incorrect_matches: distractors };
}
