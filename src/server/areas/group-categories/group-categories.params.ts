import { z } from 'zod';
import { canvasBoolean, canvasId, canvasInclude, canvasInteger, canvasString, paginationParams } from '../../http/params/canvas-params.ts';

/** Canvas caps generated groups at 200 (`GroupCategories::Params`); more is refused rather than silently cut. */
export const MAX_GROUP_COUNT = 200;

export const CATEGORY_INCLUDES = ['progress_url', 'groups_count', 'unassigned_users_count'] as const;
export type CategoryInclude = (typeof CATEGORY_INCLUDES)[number];

/**
 * A field a PUT may clear: absent stays undefined (keep the stored value, docs/canvas-compatibility.md §0.4), while an empty string
 * or null is an explicit `null`.
 */
function clearable<T extends z.ZodType>(inner: T) {
  return z.union([z.null(), z.literal('').transform(() => null), inner]);
}

/** Words are checked by the service, so an unknown one gets the keyed 400 naming the field. */
const word = () => clearable(canvasString(z.string().trim().toLowerCase()));

/**
 * The writable fields of a category, all optional: create requires `name` itself. Canvas reads `includes[]`, the
 * other areas `include[]`; both are accepted.
 */
export const categoryFields = {
  name: canvasString(z.string().trim().max(255, { message: 'is too long (maximum is 255 characters)' })).optional(),
  self_signup: word().optional(),
  /** Legacy spellings Canvas still reads: `enable_self_signup=1`, `restrict_self_signup=1`. */
  enable_self_signup: canvasBoolean().optional(),
  restrict_self_signup: canvasBoolean().optional(),
  auto_leader: word().optional(),
  group_limit: clearable(canvasInteger({ min: -1_000_000, max: 1_000_000 })).optional(),
  create_group_count: canvasInteger({ min: 0, max: MAX_GROUP_COUNT }).optional(),
  split_group_count: canvasInteger({ min: 0, max: MAX_GROUP_COUNT }).optional(),
  include: canvasInclude(CATEGORY_INCLUDES),
  includes: canvasInclude(CATEGORY_INCLUDES),
};
export const categoryFieldsSchema = z.object(categoryFields);
export type CategoryFields = z.output<typeof categoryFieldsSchema>;

/** `:account_id` / `:course_id` stay raw: the access rules resolve `self` and `sis_…:` forms themselves. */
const accountRef = z.string().meta({ description: 'Account id, self, or sis_account_id:<value>.' });
const courseRef = z.string().meta({ description: 'Course id or sis_course_id:<value>.' });
const categoryId = canvasId();
const includes = { include: categoryFields.include, includes: categoryFields.includes };

export const accountCategoriesParams = z.object({ account_id: accountRef, ...includes, ...paginationParams });
export const courseCategoriesParams = z.object({ course_id: courseRef, ...includes, ...paginationParams });
export const createAccountCategoryParams = z.object({ account_id: accountRef, ...categoryFields });
export const createCourseCategoryParams = z.object({ course_id: courseRef, ...categoryFields });
export const showCategoryParams = z.object({ group_category_id: categoryId, ...includes });
export const updateCategoryParams = z.object({ group_category_id: categoryId, ...categoryFields });
export const categoryIdParams = z.object({ group_category_id: categoryId });
export const categoryGroupsParams = z.object({ group_category_id: categoryId, ...paginationParams });

export const categoryUsersParams = z.object({
  group_category_id: categoryId,
  search_term: canvasString().optional(),
  unassigned: canvasBoolean().default(false),
  ...paginationParams,
});

export const assignMembersParams = z.object({
  group_category_id: categoryId,
  sync: canvasBoolean().default(false),
});

/** Merges `include[]` and `includes[]`. */
export function includesOf(params: { include: readonly CategoryInclude[]; includes: readonly CategoryInclude[] }): ReadonlySet<CategoryInclude> {
  return new Set([...params.include, ...params.includes]);
}
