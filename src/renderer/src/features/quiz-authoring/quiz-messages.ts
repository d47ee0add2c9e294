import { defineMessages } from 'react-intl';
import type { QuestionType } from '../../../../contracts/quiz-authoring-dtos.ts';
import type { Messages } from '../../i18n/messages.ts';

/** Words the quiz list, editor and statistics share. */
export const quizMessages: Messages<
  'new' | 'all' | 'what' | 'this' | 'editNamed' | 'editFor' | 'statisticsFor' | 'statisticsNamed' | 'questionNumber' | 'questionType' | 'noDueDate' | 'points' | 'saved'
> = defineMessages({
  new: { id: 'quizzes.new', defaultMessage: 'New quiz' },
  all: { id: 'quizzes.all', defaultMessage: 'All quizzes' },
  what: { id: 'quizzes.what', defaultMessage: 'the quizzes', description: 'Fills {what} in “Loading {what}…”.' },
  this: { id: 'quizzes.this', defaultMessage: 'this quiz', description: 'Fills {what} in “Loading {what}…”.' },
  editNamed: { id: 'quizzes.editNamed', defaultMessage: 'Edit {title}', description: 'Heading and window title of the quiz editor; {title}: the quiz.' },
  editFor: { id: 'quizzes.editFor', defaultMessage: 'Edit {title}', description: 'A link in the quiz list; {title}: the quiz it edits.' },
  statisticsFor: { id: 'quizzes.statisticsFor', defaultMessage: 'Statistics for {title}', description: 'A link in the quiz list; {title}: the quiz.' },
  statisticsNamed: { id: 'quizzes.statisticsNamed', defaultMessage: 'Statistics: {title}', description: 'Heading of the statistics screen; {title}: the quiz.' },
  questionNumber: { id: 'quizzes.questionNumber', defaultMessage: 'Question {number}' },
  questionType: { id: 'quizzes.questionType', defaultMessage: 'Question type' },
  noDueDate: { id: 'quizzes.noDueDate', defaultMessage: 'No due date' },
  points: { id: 'quizzes.points', defaultMessage: 'Points' },
  saved: { id: 'quizzes.saved', defaultMessage: 'Quiz saved.' },
});

export const QUESTION_TYPE_LABELS: Messages<QuestionType> = defineMessages({
  multiple_choice_question: { id: 'quizzes.questionType.multipleChoice', defaultMessage: 'Multiple choice' },
  true_false_question: { id: 'quizzes.questionType.trueFalse', defaultMessage: 'True or false' },
  multiple_answers_question: { id: 'quizzes.questionType.multipleAnswers', defaultMessage: 'Multiple answers' },
  short_answer_question: { id: 'quizzes.questionType.shortAnswer', defaultMessage: 'Fill in the blank' },
  fill_in_multiple_blanks_question: { id: 'quizzes.questionType.multipleBlanks', defaultMessage: 'Fill in multiple blanks' },
  multiple_dropdowns_question: { id: 'quizzes.questionType.dropdowns', defaultMessage: 'Multiple dropdowns' },
  matching_question: { id: 'quizzes.questionType.matching', defaultMessage: 'Matching' },
  numerical_question: { id: 'quizzes.questionType.numerical', defaultMessage: 'Numerical answer' },
  essay_question: { id: 'quizzes.questionType.essay', defaultMessage: 'Essay' },
  file_upload_question: { id: 'quizzes.questionType.fileUpload', defaultMessage: 'File upload' },
  text_only_question: { id: 'quizzes.questionType.textOnly', defaultMessage: 'Text (no question)' },
});
