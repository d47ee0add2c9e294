import { defineMessages } from '@formatjs/intl';
import type { NumericalAnswerType, QuestionType, QuizAnswerWrite, QuizQuestionWrite } from '../../../../contracts/quiz-authoring-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';
import { plainTextHtml } from '../../lib/plain-text-html.ts';

/**
 * A question as the quiz editor holds it: text as typed, one answer row per choice, accepted text, blank answer,
 * matching pair or number. Kept in the editor's draft, so a reload loses no question; sent on `Save quiz`.
 */
export interface AnswerDraft {
  /** A choice, an accepted text, a blank's answer or option, or a matching pair's left side. */
  text: string;
  /** Choices and dropdown options: this one is right. */
  correct: boolean;
  /** Blanks questions: the blank (`[name]` in the text) it fills. */
  blank: string;
  /** Matching: the right side. */
  right: string;
  /** Numerical: the kind, then its two numbers as typed (exact and margin, start and end, value and precision). */
  kind: NumericalAnswerType;
  first: string;
  second: string;
}

export interface QuestionDraft {
  /** Names the question in the editor, before and after it has a server id. */
  key: string;
  id?: number;
  type: QuestionType;
  text: string;
  points: string;
  answers: AnswerDraft[];
  /** Matching: wrong right sides, one per line. */
  distractors: string;
  /** The request that last saved it: a question is sent again only when what it would send differs. */
  saved?: string;
}

/** Kinds of answers a type takes, which decides the editor's answer fields. */
export type AnswerKind = 'choices' | 'trueFalse' | 'texts' | 'numbers' | 'blanks' | 'dropdowns' | 'pairs' | 'none';

export const ANSWER_KINDS: Record<QuestionType, AnswerKind> = {
  multiple_choice_question: 'choices',
  multiple_answers_question: 'choices',
  true_false_question: 'trueFalse',
  short_answer_question: 'texts',
  numerical_question: 'numbers',
  fill_in_multiple_blanks_question: 'blanks',
  multiple_dropdowns_question: 'dropdowns',
  matching_question: 'pairs',
  essay_question: 'none',
  file_upload_question: 'none',
  text_only_question: 'none',
};

/** Canvas stores a true/false question's two choices with these texts, whatever the teacher's language. */
const TRUE_FALSE = ['True', 'False'] as const;

export const blankAnswer = (patch: Partial<AnswerDraft> = {}): AnswerDraft => ({ text: '', correct: false, blank: '', right: '', kind: 'exact_answer', first: '', second: '', ...patch });

function answersFor(type: QuestionType): AnswerDraft[] {
  switch (ANSWER_KINDS[type]) {
    case 'choices':
      return [blankAnswer(), blankAnswer()];
    case 'trueFalse':
      return TRUE_FALSE.map((text, i) => blankAnswer({ text, correct: i === 0 }));
    case 'texts':
    case 'numbers':
    case 'pairs':
      return [blankAnswer()];
    default:
      return [];
  }
}

let keys = 0;
const nextKey = () => `q${Date.now().toString(36)}${(++keys).toString(36)}`;

export function newQuestion(type: QuestionType = 'multiple_choice_question'): QuestionDraft {
  return { key: nextKey(), type, text: '', points: '1', answers: answersFor(type), distractors: '' };
}

/** Types whose answer rows read the same way: changing between them keeps the rows. */
const KINDRED: ReadonlyArray<ReadonlySet<AnswerKind>> = [new Set(['choices']), new Set(['blanks', 'dropdowns']), new Set(['texts']), new Set(['numbers']), new Set(['pairs'])];

/** Another type keeps the text and points; answers that the new type reads the same way stay too. */
export function withType(q: QuestionDraft, type: QuestionType): QuestionDraft {
  const keep = q.answers.length > 0 && KINDRED.some((kinds) => kinds.has(ANSWER_KINDS[q.type]) && kinds.has(ANSWER_KINDS[type]));
  return { ...q, type, answers: keep ? q.answers : answersFor(type) };
}

/** The blanks a blanks question's text names, `[name]`, each once, in order. */
export function blanksIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\[([^\][]+)\]/g)].map((m) => m[1]!.trim()).filter(Boolean))];
}

/** What `saved` compares: the request without the name, which only follows the question's place. */
export function savedForm(write: QuizQuestionWrite | string): string | undefined {
  return typeof write === 'string' ? undefined : JSON.stringify({ ...write, question_name: undefined });
}

const problems: Messages<'noText' | 'badPoints' | 'choiceText' | 'oneCorrect' | 'someCorrect' | 'noAccepted' | 'badNumber' | 'noBlanks' | 'blankAnswer' | 'blankCorrect' | 'pairSides'> =
  defineMessages({
    noText: { id: 'quizzes.question.noText', defaultMessage: 'Write the question text.' },
    badPoints: { id: 'quizzes.question.badPoints', defaultMessage: 'Points must be a number, 0 or more.' },
    choiceText: { id: 'quizzes.question.choiceText', defaultMessage: 'Give every answer some text.' },
    oneCorrect: { id: 'quizzes.question.oneCorrect', defaultMessage: 'Mark the one correct answer.' },
    someCorrect: { id: 'quizzes.question.someCorrect', defaultMessage: 'Mark at least one correct answer.' },
    noAccepted: { id: 'quizzes.question.noAccepted', defaultMessage: 'Give at least one accepted answer.' },
    badNumber: { id: 'quizzes.question.badNumber', defaultMessage: 'Every answer needs a number in each of its fields.' },
    noBlanks: { id: 'quizzes.question.noBlanks', defaultMessage: 'Name each blank in the question text in square brackets, for example [color].' },
    blankAnswer: { id: 'quizzes.question.blankAnswer', defaultMessage: 'Give every blank at least one answer, and every answer some text.' },
    blankCorrect: { id: 'quizzes.question.blankCorrect', defaultMessage: 'Mark the correct option for every blank.' },
    pairSides: { id: 'quizzes.question.pairSides', defaultMessage: 'Give every pair both of its sides.' },
  });

const toNumber = (typed: string): number | undefined => {
  const n = Number(typed.trim().replace(',', '.'));
  return typed.trim() !== '' && Number.isFinite(n) ? n : undefined;
};

function numericalWrite(a: AnswerDraft): QuizAnswerWrite | undefined {
  const [first, second] = [toNumber(a.first), toNumber(a.second)];
  if (a.kind === 'range_answer') return first === undefined || second === undefined ? undefined : { numerical_answer_type: a.kind, start: first, end: second };
  if (a.kind === 'precision_answer') return first === undefined || second === undefined ? undefined : { numerical_answer_type: a.kind, approximate: first, precision: second };
  // An exact answer's margin may stay empty: no margin.
  return first === undefined || (a.second.trim() !== '' && second === undefined) ? undefined : { numerical_answer_type: a.kind, exact: first, margin: second ?? 0 };
}

/** The answers to send for the question's type, or why they cannot be sent. */
function answersWrite(q: QuestionDraft): QuizAnswerWrite[] | string {
  const intl = currentIntl();
  const kind = ANSWER_KINDS[q.type];
  const filled = q.answers.filter((a) => a.text.trim() !== '');
  switch (kind) {
    case 'choices':
    case 'trueFalse': {
      if (filled.length < q.answers.length || q.answers.length === 0) return intl.formatMessage(problems.choiceText);
      const correct = q.answers.filter((a) => a.correct).length;
      if (q.type === 'multiple_answers_question' ? correct === 0 : correct !== 1) return intl.formatMessage(q.type === 'multiple_answers_question' ? problems.someCorrect : problems.oneCorrect);
      return q.answers.map((a) => ({ answer_text: a.text.trim(), answer_weight: a.correct ? 100 : 0 }));
    }
    case 'texts':
      return filled.length === 0 ? intl.formatMessage(problems.noAccepted) : filled.map((a) => ({ answer_text: a.text.trim(), answer_weight: 100 }));
    case 'numbers': {
      const written = q.answers.map(numericalWrite);
      if (written.length === 0 || written.some((w) => w === undefined)) return intl.formatMessage(problems.badNumber);
      return written.map((w) => ({ ...w!, answer_weight: 100 }));
    }
    case 'blanks':
    case 'dropdowns': {
      const blanks = blanksIn(q.text);
      if (blanks.length === 0) return intl.formatMessage(problems.noBlanks);
      const rows = q.answers.filter((a) => blanks.includes(a.blank));
      if (blanks.some((b) => !rows.some((a) => a.blank === b)) || rows.some((a) => a.text.trim() === '')) return intl.formatMessage(problems.blankAnswer);
      if (kind === 'dropdowns' && blanks.some((b) => rows.filter((a) => a.blank === b && a.correct).length !== 1)) return intl.formatMessage(problems.blankCorrect);
      // Every accepted text of a blank is right; a dropdown's options are right or wrong.
      return rows.map((a) => ({ answer_text: a.text.trim(), blank_id: a.blank, answer_weight: kind === 'blanks' || a.correct ? 100 : 0 }));
    }
    case 'pairs':
      if (q.answers.length === 0 || q.answers.some((a) => a.text.trim() === '' || a.right.trim() === '')) return intl.formatMessage(problems.pairSides);
      return q.answers.map((a) => ({ answer_match_left: a.text.trim(), answer_match_right: a.right.trim() }));
    default:
      return [];
  }
}

/** The question request, or the first thing to put right before it can be sent. `position` names it (“Question 2”). */
export function questionWriteOf(q: QuestionDraft, position: number): QuizQuestionWrite | string {
  const intl = currentIntl();
  if (q.text.trim() === '') return intl.formatMessage(problems.noText);
  const points = toNumber(q.points);
  if (points === undefined || points < 0) return intl.formatMessage(problems.badPoints);
  const answers = answersWrite(q);
  if (typeof answers === 'string') return answers;
  return {
    // Canvas names questions by their place; the name is not shown to students.
    question_name: `Question ${position}`,
    question_type: q.type,
    question_text: plainTextHtml(q.text),
    points_possible: q.type === 'text_only_question' ? 0 : points,
    answers,
    ...(q.type === 'matching_question' ? { matching_answer_incorrect_matches: q.distractors.split('\n').map((t) => t.trim()).filter(Boolean).join('\n') } : {}),
  };
}
