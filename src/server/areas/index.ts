import type { CoreServices } from '../core.ts';
import type { AnyRoute } from '../http/route.ts';
import { accessRules } from './common/access-rules.ts';

/**
 * Every area's routes, in one list the HTTP layer registers and the OpenAPI document and the route fuzz test
 * walk. An area adds exactly one line here.
 */
export function areaRoutes(services: CoreServices): AnyRoute[] {
  const rules = accessRules(services);
  return [
    // one line per area, e.g. ...coursesRoutes(services, rules),
  ].flat();
}
