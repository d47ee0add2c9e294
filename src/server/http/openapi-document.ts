import { z } from 'zod';
import { OUTPOST_VERSION } from '../version.ts';
import { pathParamsOf } from './route-dispatch.ts';
import type { AnyRoute } from './route.ts';

type JsonSchema = Record<string, unknown>;

/**
 * OpenAPI 3.1 for every registered route, built from the same zod schemas the routes validate with (input side:
 * what a client may send), so the document cannot drift from the code.
 */
export function openApiDocument(routes: readonly AnyRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const template = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[template] ??= {})[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Outpost (Canvas-compatible REST API)',
      version: OUTPOST_VERSION,
      description: 'Parameters may be sent in the query, form-encoded with brackets, or as JSON; the three merge.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

function operationOf(route: AnyRoute): Record<string, unknown> {
  const schema = inputSchemaOf(route);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const inPath = new Set(pathParamsOf(route.path));
  const parameters = [...inPath].map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } }));
  const rest = Object.keys(properties).filter((name) => !inPath.has(name));
  const takesBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  if (!takesBody) {
    for (const name of rest) {
      const property = properties[name] ?? {};
      // Canvas clients send lists as `include[]=a&include[]=b`.
      const isList = JSON.stringify(property).includes('"type":"array"');
      parameters.push({ name: isList ? `${name}[]` : name, in: 'query', required: required.has(name), schema: property });
    }
  }
  const operation: Record<string, unknown> = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: route.summary,
    description: `Permission (${route.permission.grants}): ${route.permission.description}`,
    'x-permission': route.permission.description,
    'x-permission-grants': route.permission.grants,
    security: route.permission.requiresToken ? [{ bearer: [] }] : [],
    parameters,
    responses: responsesOf(route),
  };
  if (takesBody && rest.length > 0) {
    const bodySchema = {
      type: 'object',
      properties: Object.fromEntries(rest.map((name) => [name, properties[name]])),
      required: rest.filter((name) => required.has(name)),
    };
    operation.requestBody = {
      content: route.multipart
        ? { 'multipart/form-data': { schema: bodySchema } }
        : { 'application/json': { schema: bodySchema }, 'application/x-www-form-urlencoded': { schema: bodySchema } },
    };
  }
  return operation;
}

function inputSchemaOf(route: AnyRoute): JsonSchema {
  const schema = z.toJSONSchema(route.params, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

const ERROR_BODY = { description: 'Canvas error envelope', content: { 'application/json': { schema: { type: 'object' } } } };

function responsesOf(route: AnyRoute): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    '200': { description: 'Success', content: { 'application/json': { schema: {} } } },
    '400': ERROR_BODY,
    '404': ERROR_BODY,
  };
  if (route.permission.requiresToken) {
    responses['401'] = ERROR_BODY;
    responses['429'] = { ...ERROR_BODY, description: 'Rate limit exceeded (see Retry-After)' };
  }
  return responses;
}
