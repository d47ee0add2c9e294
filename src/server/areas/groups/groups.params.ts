import { z } from 'zod';
import { canvasBoolean, canvasEnum, canvasId, canvasInclude, canvasInteger, canvasList, canvasString, paginationParams } from '../../http/params/canvas-params.ts';

export const GROUP_INCLUDES = ['users', 'permissions'] as const;
export type GroupInclude = (typeof GROUP_INCLUDES)[number];

export const JOIN_LEVELS = ['parent_context_auto_join', 'parent_context_request', 'invitation_only'] as const;
export const LISTED_MEMBERSHIP_STATES = ['accepted', 'invited', 'requested'] as const;

const groupName = canvasString(z.string().max(255, { message: 'is too long (maximum is 255 characters)' }));

/** The writable fields of a new group; the service requires a non-blank name (Canvas's keyed 400). */
export const groupFields = {
  name: groupName.default(''),
  description: z.union([z.null(), canvasString(z.string().max(65_535))]).optional(),
  is_public: canvasBoolean().optional(),
  join_level: canvasEnum(JOIN_LEVELS).optional(),
  max_membership: z.union([z.null(), z.literal('').transform(() => null), canvasInteger({ min: 0, max: 1_000_000 })]).optional(),
};
export const groupFieldsSchema = z.object(groupFields);
export type NewGroup = z.output<typeof groupFieldsSchema>;

/**
 * `PUT /groups/:group_id`: fields not sent keep their values. `leader_id` names a member as the group's leader; null
 * or an empty value clears it (Canvas's own UI sets the leader through this update).
 */
export const updateGroupParams = z.object({
  group_id: canvasId(),
  ...groupFields,
  name: groupName.optional(),
  leader_id: z.union([z.null(), z.literal('').transform(() => null), canvasId()]).optional(),
});
export type GroupChanges = Omit<z.output<typeof updateGroupParams>, 'group_id'>;

export const groupIdParams = z.object({ group_id: canvasId() });

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
