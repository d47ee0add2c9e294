import type { QuizQuestion } from '../../../../contracts/quiz-attempt-dtos.ts';

/** `[color]` in a question's text names the blank `color`, as in Canvas's question editor. */
const BLANK = /\[([\w.-]+)\]/g;

/**
 * The blanks of a fill-in-multiple-blanks or multiple-dropdowns question, in the order the text shows them. A
 * taker is never sent a blanks question's answers (they are the accepted texts), so the text is where they are
 * named; the dropdowns' options carry their blank too, which adds any the text does not show.
 */
export function blankIdsOf(question: Pick<QuizQuestion, 'question_text' | 'answers'>): string[] {
  const fromText = [...question.question_text.matchAll(BLANK)].map((m) => m[1]!);
  const fromAnswers = question.answers.flatMap((a) => (a.blank_id ? [a.blank_id] : []));
  return [...new Set([...fromText, ...fromAnswers])];
}
