import { z } from 'zod';
import { openApiDocument } from '../../http/openapi-document.ts';
import { publicAccess } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';

/**
 * The API description, public like Canvas's own docs. `allRoutes` is read when asked, so the document lists the
 * final route table, this route included; it is built once since routes never change after startup.
 */
export function openApiRoutes(allRoutes: () => readonly AnyRoute[]): AnyRoute[] {
  let document: Record<string, unknown> | undefined;
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/openapi.json',
      summary: 'OpenAPI 3.1 description of every route',
      params: z.object({}),
      permission: publicAccess,
      handler: () => {
        document ??= openApiDocument(allRoutes());
        return { body: document };
      },
    }),
  ];
}
