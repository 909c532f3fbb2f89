import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '#server/context.ts';
import { securitySchemes } from './access.ts';
import { type ApiPart, readApiReference } from './api-reference.ts';

type Document = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;
type Paths = NonNullable<Document['paths']>;
type PathItem = Paths[string];
type PathParameter = { in: string; name: string; description?: string };

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

const apiReference = readApiReference();

/**
 * The OpenAPI document of the app's routes, as /api/openapi.json serves it, with each part's and operation's words
 * from the API reference. Its server is the origin that serves it (a relative URL), so calls tried from /api/docs
 * go to the store the page came from.
 */
export function apiDocument(app: OpenAPIHono<AppEnv>, reference = apiReference): Document {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'The Big Bookshelf API', version: '1.0.0' },
    servers: [{ url: '/', description: 'The store that serves this document' }],
    tags: reference.map(({ name, description }) => ({ name, description })),
  });
  return {
    ...document,
    paths: oneTemplatePerShape(described(document.paths ?? {}, reference)),
    components: { ...document.components, securitySchemes },
  };
}

/**
 * Each operation with the summary and description of its section in the page of its part. An operation the
 * reference does not describe, a section no operation answers to, or a page of a part with no operation, is a
 * mistake the document cannot be built with.
 */
function described(paths: Paths, parts: ApiPart[]): Paths {
  const unused = new Set(
    parts.flatMap((part) => [part.name, ...[...part.operations.keys()].map((id) => `${part.name}/${id}`)]),
  );
  const result: Paths = {};
  for (const [template, item] of Object.entries(paths)) {
    const copy: PathItem = { ...item };
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const [tag = ''] = operation.tags ?? [];
      const text = parts.find((part) => part.name === tag)?.operations.get(operation.operationId ?? '');
      if (!text) {
        throw new Error(
          `${method.toUpperCase()} ${template} (${operation.operationId}) has no section under "# ${tag}" in its feature's reference (features/<f>/<f>.reference.md)`,
        );
      }
      unused.delete(tag);
      unused.delete(`${tag}/${operation.operationId}`);
      copy[method] = { ...operation, ...text };
    }
    result[template] = copy;
  }
  if (unused.size > 0) {
    throw new Error(`The API reference describes what the API has not: ${[...unused].join(', ')}`);
  }
  return result;
}

const parameterNames = (template: string) => [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
const shapeOf = (template: string) => template.replace(/\{[^}]+\}/g, '{}');

/**
 * OpenAPI allows one path template per URL shape, but some URLs of the public API take a different thing per
 * method (GET /api/books/{categoryName}, PUT /api/books/{id}); each route validates its parameter under its own
 * name, which its refusals give as `field`. The document joins such templates into one whose parameter is named
 * after all of them (`{categoryNameOrId}`); each method's parameter says what it is and the name refusals give.
 */
function oneTemplatePerShape(paths: Paths): Paths {
  const templatesOf = new Map<string, string[]>();
  for (const template of Object.keys(paths)) {
    const shape = shapeOf(template);
    templatesOf.set(shape, [...(templatesOf.get(shape) ?? []), template]);
  }
  const joined: Paths = {};
  for (const [template, item] of Object.entries(paths)) {
    const templates = templatesOf.get(shapeOf(template))!;
    const names = parameterNames(template);
    const renamed = names.map((_, i) => joinedName(templates.map((t) => parameterNames(t)[i]!)));
    let joinedTemplate = template;
    names.forEach((name, i) => {
      joinedTemplate = joinedTemplate.replace(`{${name}}`, `{${renamed[i]}}`);
    });
    joined[joinedTemplate] = { ...joined[joinedTemplate], ...withParametersRenamed(item, names, renamed) };
  }
  return joined;
}

/** ['id', 'categoryName'] → 'categoryNameOrId'; one distinct name stays as it is. */
function joinedName(names: string[]): string {
  const distinct = [...new Set(names)].sort();
  return distinct.map((name, i) => (i === 0 ? name : name[0]!.toUpperCase() + name.slice(1))).join('Or');
}

function withParametersRenamed(item: PathItem, names: string[], renamed: string[]): PathItem {
  if (names.every((name, i) => name === renamed[i])) return item;
  const copy: PathItem = { ...item };
  for (const method of methods) {
    const operation = item[method];
    if (!operation) continue;
    copy[method] = {
      ...operation,
      parameters: operation.parameters?.map((parameter) => {
        const p = parameter as PathParameter;
        const i = p.in === 'path' ? names.indexOf(p.name) : -1;
        if (i === -1 || renamed[i] === p.name) return parameter;
        const description = `${p.description ?? p.name} (\`${p.name}\` in a refusal's \`field\`)`;
        return { ...parameter, name: renamed[i]!, description };
      }),
    };
  }
  return copy;
}
