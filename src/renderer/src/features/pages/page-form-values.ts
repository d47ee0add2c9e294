import type { WikiPage, WikiPageWrite } from '../../../../contracts/lms-dtos.ts';

export interface PageFormValues {
  title: string;
  body: string;
  editingRoles: string;
  published: boolean;
  frontPage: boolean;
}

/** Canvas's three choices for who may change a page, as its `editing_roles` values. */
export const EDITING_ROLE_CHOICES = [
  { roles: 'teachers', label: 'Only teachers' },
  { roles: 'teachers,students', label: 'Teachers and students' },
  { roles: 'teachers,students,public', label: 'Anyone' },
] as const;

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
  if (values.title.trim() === '') return 'Give the page a title.';
  return {
    title: values.title.trim(),
    body: values.body,
    editing_roles: values.editingRoles,
    published: values.published,
    front_page: values.frontPage,
  };
}
