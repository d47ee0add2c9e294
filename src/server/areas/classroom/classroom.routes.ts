import type { CoreServices } from '../../core-services.ts';
import { paginateArray } from '../../http/pagination.ts';
import { allowIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { writeStamp } from '../common/api-values.ts';
import { isHubPersonOrAdmin } from '../sync/hub.service.ts';
import { addressQrCode, classDevices } from './classroom.service.ts';
import { classDeviceJson, classroomJson, classroomUrls } from './classroom.serializer.ts';
import type { ClassroomState } from '../../sync/classroom-hub.ts';
import { classroomStateParams, shareParams, type ShareParams } from './classroom.params.ts';

const RULE = 'the person this installation is connected to a hub as, or manage_account_settings on the root account';

/** `Share with my class` on the teacher's Outpost (decision 0124) and `Devices in this class` (decision 0128). */
export function classroomRoutes(services: CoreServices): AnyRoute[] {
  const mayManage = allowIf(RULE, 'read', (ctx) => isHubPersonOrAdmin(services, ctx.principal));
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/classroom',
      summary: 'Whether this installation shares with its class, and the address the class types',
      params: classroomStateParams,
      permission: mayManage,
      localOnly: true,
      handler: async () => ({ body: await shareJson(services.classroom.state()) }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/classroom',
      summary: "Turns sharing with the class on (the school hub must answer now) or off (the class's verifiers are dropped)",
      params: shareParams,
      permission: allowIf(RULE, 'write', (ctx) => isHubPersonOrAdmin(services, ctx.principal)),
      localOnly: true,
      async handler(ctx, p: ShareParams) {
        return { body: await shareJson(await services.classroom.share(p.share === true, writeStamp(ctx))) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/classroom/devices',
      summary: 'Devices in this class: who used the classroom hub, when each last synced, how many changes each has waiting',
      params: classroomStateParams,
      permission: mayManage,
      localOnly: true,
      handler: async (ctx) => paginateArray(ctx, (await classDevices(services)).map(classDeviceJson)),
    }),
  ];
}

async function shareJson(state: ClassroomState) {
  return classroomJson(state, await addressQrCode(classroomUrls(state)[0] ?? null));
}
