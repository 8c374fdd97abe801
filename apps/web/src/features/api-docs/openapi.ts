import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The parts of an OpenAPI 3.1 document this page renders. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

export interface Endpoint {
  id: string;
  method: string;
  path: string;
  operation: Operation;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function useOpenApi() {
  return useQuery({
    queryKey: ['openapi'],
    queryFn: () => api<OpenApiDocument>('/api/openapi.json', { anonymous: true }),
    staleTime: 5 * 60_000,
  });
}

/** The operations grouped by their first tag, in the document's tag order. */
export function groupEndpoints(doc: OpenApiDocument): { tag: string; description?: string; endpoints: Endpoint[] }[] {
  const groups = new Map<string, Endpoint[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'API';
      const list = groups.get(tag) ?? [];
      list.push({ id: `${method}${path.replace(/[^a-z0-9]+/gi, '-')}`.replace(/-+$/, ''), method, path, operation });
      groups.set(tag, list);
    }
  }
  const order = (doc.tags ?? []).map((t) => t.name);
  return [...groups.entries()]
    .sort(([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99))
    .map(([tag, endpoints]) => ({ tag, description: doc.tags?.find((t) => t.name === tag)?.description, endpoints }));
}

/** A short type label: `string`, `integer[]`, `"a" | "b"`, `object`. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeLabel).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') {
    if (schema.prefixItems) return `[${schema.prefixItems.map(typeLabel).join(', ')}]`;
    const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
    return `${typeLabel(items)}[]`;
  }
  if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object' && !schema.properties) {
    return `Record<string, ${typeLabel(schema.additionalProperties)}>`;
  }
  return type ?? 'any';
}

/** The nested object a field holds (an object, or the objects of an array), to list its fields. */
export function nestedObject(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  const items = Array.isArray(schema.items) ? undefined : schema.items;
  if (items?.properties) return items;
  return undefined;
}
