import { generationEventSchema } from '@div/shared/generation';
import { NDJSON_CONTENT_TYPE } from '@div/shared/ndjson';
import { z } from 'zod';

/** The OpenAPI 3.1 document's frame; @fastify/swagger fills in the /v1 paths from the routes' zod schemas. */
export function openApiDocument(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'DIV API',
      version: '1.0.0',
      description:
        'Genera sitios web desde un prompt, edítalos, publícalos y consulta tu uso. Autenticación: `Authorization: Bearer <clave de API>` (créala en Configuración → Claves de API). Los errores tienen la forma `{ message, code }`; cada respuesta lleva `RateLimit-Limit`, `RateLimit-Remaining` y `RateLimit-Reset`, y un 429 lleva `Retry-After`.',
    },
    servers: [{ url: publicUrl }],
    tags: [
      { name: 'Generation', description: 'Generación con IA (eventos NDJSON o una respuesta JSON)' },
      { name: 'Spaces', description: 'Proyectos, sus archivos y sus versiones' },
      { name: 'Publishing', description: 'Publicación de un proyecto' },
      { name: 'Submissions', description: 'Envíos de los formularios de los sitios publicados' },
      { name: 'Checks', description: 'Revisión de un proyecto antes de publicarlo, y sus correcciones automáticas' },
      { name: 'Git', description: 'Sincronización de un proyecto con un repositorio git (HTTPS, en los dos sentidos)' },
      { name: 'Usage', description: 'Uso y cuota del plan de desarrollador' },
    ],
    components: {
      securitySchemes: {
        apiKey: { type: 'http' as const, scheme: 'bearer', description: 'Una clave de API de DIV (`div_…`).' },
      },
    },
    security: [{ apiKey: [] }],
  };
}

type Doc = { paths?: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>> };

const responseDescriptions: Record<string, string> = {
  '200': 'Correcto',
  '201': 'Creado',
  '204': 'Eliminado',
  '400': 'Solicitud no válida (el mensaje dice qué campo)',
  '401': 'Clave de API ausente, desconocida o revocada',
  '402': 'Sin mensajes de IA disponibles en el plan',
  '403': 'Tu papel en el proyecto no permite esta acción',
  '404': 'No encontrado (o de otra cuenta)',
  '409': 'Ya hay una generación en curso en este proyecto, o el proyecto cambió mientras tanto',
  '429': 'Límite por minuto o mensual alcanzado (`limit`), con Retry-After',
};

/**
 * Completes the generated document: the generation routes also answer a stream of the app's
 * generation events (one JSON object per line), and every answer gets a description.
 */
export function addGenerationStream<T>(document: T): T {
  const doc = document as Doc;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const described = response as { description?: string };
        if (!described.description || described.description === 'Default Response') {
          described.description = responseDescriptions[status] ?? 'Respuesta';
        }
      }
    }
  }
  const events = z.toJSONSchema(generationEventSchema, { target: 'draft-2020-12', unrepresentable: 'any' });
  for (const [path, method] of [
    ['/v1/generate', 'post'],
    ['/v1/spaces/{id}/edit', 'post'],
  ] as const) {
    const ok = doc.paths?.[path]?.[method]?.responses?.['200'];
    if (!ok) continue;
    const { $schema: _drop, ...schema } = events as Record<string, unknown>;
    ok.content = {
      [NDJSON_CONTENT_TYPE.split(';')[0] as string]: {
        schema: { ...schema, description: 'Un evento por línea (NDJSON); el último es `done` o `error`.' },
      },
      ...ok.content,
    };
  }
  return document;
}
