import { z } from 'zod';
import { canvasBoolean, canvasId, canvasInteger, canvasList, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { boundedText } from '../common/shared-params.ts';

/*
 * Canvas wraps every poll write in a one-element list (`polls[][question]=…`, `{"polls":[{…}]}`) and reads the
 * first element. A single object (`polls[question]=…`) is accepted too; the list itself is checked by the
 * service so that its absence gets Canvas's `params.require` answer ("polls is missing").
 */

/** null or an empty value clears an optional text. */
const clearableText = () => z.union([z.null(), boundedText(255)]).transform((text) => (text === '' ? null : text));

/** A null question is kept as null so the service answers it as blank, like an absent one on create. */
const pollFields = z.object({ question: z.union([z.null(), boundedText(255)]).optional(), description: clearableText().optional() });
export type PollFields = z.output<typeof pollFields>;

const choiceFields = z.object({
  text: z.union([z.null(), boundedText(255)]).optional(),
  is_correct: canvasBoolean().optional(),
  position: canvasInteger({ min: 0, max: 1_000_000 }).optional(),
});
export type ChoiceFields = z.output<typeof choiceFields>;

const sessionFields = z.object({
  /** Raw: a plain id or `sis_course_id:…`, resolved like every course reference. */
  course_id: canvasString().optional(),
  course_section_id: z.union([z.null(), z.literal('').transform(() => null), canvasId()]).optional(),
  has_public_results: canvasBoolean().optional(),
});
export type SessionFields = z.output<typeof sessionFields>;

const submissionFields = z.object({ poll_choice_id: canvasId().optional() });
export type SubmissionFields = z.output<typeof submissionFields>;

const pollId = canvasId();

export const listParams = z.object({ ...paginationParams });
export const pollParams = z.object({ id: pollId });
export const createPollParams = z.object({ polls: canvasList(pollFields).optional() });
export const updatePollParams = z.object({ id: pollId, polls: canvasList(pollFields).optional() });

export const choicesParams = z.object({ poll_id: pollId, ...paginationParams });
export const choiceParams = z.object({ poll_id: pollId, id: canvasId() });
export const createChoiceParams = z.object({ poll_id: pollId, poll_choices: canvasList(choiceFields).optional() });
export const updateChoiceParams = z.object({ poll_id: pollId, id: canvasId(), poll_choices: canvasList(choiceFields).optional() });

export const sessionsParams = z.object({ poll_id: pollId, ...paginationParams });
export const sessionParams = z.object({ poll_id: pollId, id: canvasId() });
export const createSessionParams = z.object({ poll_id: pollId, poll_sessions: canvasList(sessionFields).optional() });
export const updateSessionParams = z.object({ poll_id: pollId, id: canvasId(), poll_sessions: canvasList(sessionFields).optional() });

export const submissionParams = z.object({ poll_id: pollId, poll_session_id: canvasId(), id: canvasId() });
export const createSubmissionParams = z.object({
  poll_id: pollId,
  poll_session_id: canvasId(),
  poll_submissions: canvasList(submissionFields).optional(),
});
