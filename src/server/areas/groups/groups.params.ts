import { z } from 'zod';
import { canvasBoolean, canvasEnum, canvasId, canvasInclude, canvasInteger, canvasList, canvasString, paginationParams } from '../../http/params/canvas-params.ts';

export const GROUP_INCLUDES = ['users', 'permissions'] as const;
export type GroupInclude = (typeof GROUP_INCLUDES)[number];

export const JOIN_LEVELS = ['parent_context_auto_join', 'parent_context_request', 'invitation_only'] as const;
export const LISTED_MEMBERSHIP_STATES = ['accepted', 'invited', 'requested'] as const;

/** The writable fields of a new group; the service requires a non-blank name (Canvas's keyed 400). */
export const groupFields = {
  name: canvasString(z.string().max(255, { message: 'is too long (maximum is 255 characters)' })).default(''),
  description: z.union([z.null(), canvasString(z.string().max(65_535))]).optional(),
  is_public: canvasBoolean().optional(),
  join_level: canvasEnum(JOIN_LEVELS).optional(),
  max_membership: z.union([z.null(), z.literal('').transform(() => null), canvasInteger({ min: 0, max: 1_000_000 })]).optional(),
};
export const groupFieldsSchema = z.object(groupFields);
export type NewGroup = z.output<typeof groupFieldsSchema>;

export const createGroupParams = z.object({ group_category_id: canvasId(), ...groupFields });
export const showGroupParams = z.object({ id: canvasId(), include: canvasInclude(GROUP_INCLUDES) });

export const listMembershipsParams = z.object({
  group_id: canvasId(),
  filter_states: canvasList(canvasEnum(LISTED_MEMBERSHIP_STATES)).optional(),
  ...paginationParams,
});

export const createMembershipParams = z.object({
  group_id: canvasId(),
  user_id: canvasString(z.string().trim().min(1)).meta({ description: 'User id, self, or sis_user_id:<value>.' }),
});
