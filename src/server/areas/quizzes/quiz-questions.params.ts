import { z } from 'zod';
import { NUMERICAL_ANSWER_TYPES, QUESTION_TYPES } from '../../domain/records/quiz-records.ts';
import { canvasEnum, canvasId, canvasInteger, canvasList, canvasNumber, canvasString, paginationParams } from '../../http/params/canvas-params.ts';
import { courseIdParam, pointsParam } from '../assignments/assignments.params.ts';
import { boundedText, htmlParam } from '../common/shared-params.ts';

const quizPath = { course_id: courseIdParam, quiz_id: canvasId() };

/** One of `question[answers][]`: Canvas's request names, and the response names too, so a client may send either back. */
const answerParam = z.object({
  id: canvasId().optional(),
  answer_text: canvasString().optional(),
  text: canvasString().optional(),
  answer_weight: canvasNumber().optional(),
  weight: canvasNumber().optional(),
  answer_comments: canvasString(z.string().max(10_000)).optional(),
  blank_id: canvasString(z.string().max(255)).optional(),
  answer_match_left: canvasString().optional(),
  answer_match_right: canvasString().optional(),
  numerical_answer_type: canvasEnum(NUMERICAL_ANSWER_TYPES).optional(),
  exact: canvasNumber().optional(),
  margin: canvasNumber().optional(),
  start: canvasNumber().optional(),
  end: canvasNumber().optional(),
  approximate: canvasNumber().optional(),
  precision: canvasInteger({ min: 1, max: 16 }).optional(),
});
export type AnswerParam = z.output<typeof answerParam>;

const questionFields = z.object({
  question_name: canvasString(z.string().max(255)).optional(),
  question_text: htmlParam().optional(),
  question_type: canvasEnum(QUESTION_TYPES).optional(),
  quiz_group_id: z.union([canvasId(), z.null(), z.literal('')]).transform((id) => (id === '' ? null : id)).optional(),
  position: canvasInteger({ min: 1, max: 100_000 }).optional(),
  points_possible: pointsParam().optional(),
  correct_comments: canvasString(z.string().max(10_000)).optional(),
  incorrect_comments: canvasString(z.string().max(10_000)).optional(),
  neutral_comments: canvasString(z.string().max(10_000)).optional(),
  matching_answer_incorrect_matches: canvasString(z.string().max(10_000)).optional(),
  answers: canvasList(answerParam).optional(),
});
export type QuestionFields = z.output<typeof questionFields>;

export const listQuestionsParams = z.object({ ...quizPath, ...paginationParams });
export const questionIdParams = z.object({ ...quizPath, id: canvasId() });
export const createQuestionParams = z.object({ ...quizPath, question: questionFields.default({}) });
export const updateQuestionParams = z.object({ ...quizPath, id: canvasId(), question: questionFields.default({}) });

const groupFields = z.object({
  name: boundedText().optional(),
  pick_count: canvasInteger({ min: 0, max: 1000 }).optional(),
  question_points: pointsParam().optional(),
  position: canvasInteger({ min: 1, max: 100_000 }).optional(),
});
export type GroupFields = z.output<typeof groupFields>;

/** Canvas wraps a group in a one-entry list: `quiz_groups[][name]=…`. */
const groupList = canvasList(groupFields).refine((list) => list.length === 1, 'must hold exactly one group');
export const createGroupParams = z.object({ ...quizPath, quiz_groups: groupList });
export const groupIdParams = z.object({ ...quizPath, id: canvasId() });
export const updateGroupParams = z.object({ ...quizPath, id: canvasId(), quiz_groups: groupList });

/** Canvas's reorder: `order[][id]` with `order[][type]` `question` (the default) or `group`, first to last. */
export const reorderParams = z.object({
  ...quizPath,
  order: canvasList(z.object({ id: canvasId(), type: canvasEnum(['question', 'group']).default('question') })),
});
export type ReorderEntry = z.output<typeof reorderParams>['order'][number];
