import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import type { Messages } from '../../i18n/messages.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';

/** The parts of a course only its builders change; each names a whole sentence, so every language can word it. */
export type BuilderArea = 'assignments' | 'discussions' | 'pages' | 'settings' | 'quizzes' | 'quizStatistics';

const ONLY_BUILDERS: Messages<BuilderArea> = defineMessages({
  assignments: { id: 'courses.notAllowed.assignments', defaultMessage: "Only the course's teachers and designers change its assignments." },
  discussions: { id: 'courses.notAllowed.discussions', defaultMessage: "Only the course's teachers and designers change its discussions." },
  pages: { id: 'courses.notAllowed.pages', defaultMessage: "Only the course's teachers and designers change its pages." },
  settings: { id: 'courses.notAllowed.settings', defaultMessage: "Only the course's teachers and designers change its settings." },
  quizzes: { id: 'courses.notAllowed.quizzes', defaultMessage: "Only the course's teachers and designers change its quizzes." },
  quizStatistics: { id: 'courses.notAllowed.quizStatistics', defaultMessage: "Only the course's teachers and TAs see how the class answered its quizzes." },
});

/** A form only those who build the course may use, reached by someone else (an old link, a typed address). */
export function NotAllowed({ course, what }: { course: Course; what: BuilderArea }) {
  useDocumentTitle(useIntl().formatMessage({ id: 'courses.notAllowed.title', defaultMessage: 'Not allowed' }), course.name);
  return (
    <p>
      <FormattedMessage {...ONLY_BUILDERS[what]} />
    </p>
  );
}
