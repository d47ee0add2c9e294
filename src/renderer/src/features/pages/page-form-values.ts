import { defineMessages } from '@formatjs/intl';
import type { WikiPage, WikiPageWrite } from '../../../../contracts/lms-dtos.ts';
import { currentIntl } from '../../i18n/current-intl.ts';
import type { Messages } from '../../i18n/messages.ts';

export interface PageFormValues {
  title: string;
  body: string;
  editingRoles: string;
  published: boolean;
  frontPage: boolean;
}

/** Canvas's three choices for who may change a page, as its `editing_roles` values. */
export const EDITING_ROLE_CHOICES = ['teachers', 'teachers,students', 'teachers,students,public'] as const;

/** Each choice's label, formatted where it is shown so it follows the screen's language. */
export const EDITING_ROLE_LABELS: Messages<(typeof EDITING_ROLE_CHOICES)[number]> = defineMessages({
  teachers: { id: 'pages.form.editingRoles.teachers', defaultMessage: 'Only teachers' },
  'teachers,students': { id: 'pages.form.editingRoles.students', defaultMessage: 'Teachers and students' },
  'teachers,students,public': { id: 'pages.form.editingRoles.anyone', defaultMessage: 'Anyone' },
});

const problems: Messages<'noTitle'> = defineMessages({
  noTitle: { id: 'pages.form.noTitle', defaultMessage: 'Give the page a title.' },
});

export function pageFormValuesOf(page: WikiPage | undefined): PageFormValues {
  return {
    title: page?.title ?? '',
    body: page?.body ?? '',
    editingRoles: page?.editing_roles ?? 'teachers',
    published: page?.published ?? false,
    frontPage: page?.front_page ?? false,
  };
}

/** What to send, or why not yet; the server checks the title's rules again. */
export function pageWriteOf(values: PageFormValues): WikiPageWrite | string {
  if (values.title.trim() === '') return currentIntl().formatMessage(problems.noTitle);
  return {
    title: values.title.trim(),
    body: values.body,
    editing_roles: values.editingRoles,
    published: values.published,
    front_page: values.frontPage,
  };
}
