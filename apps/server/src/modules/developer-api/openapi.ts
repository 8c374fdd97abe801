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
