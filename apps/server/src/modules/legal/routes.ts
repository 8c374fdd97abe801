import { legalDocuments } from '@div/shared/legal';
import { legalDocumentIds } from '@div/shared/legal-common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { renderLegalPdf } from './render-legal-pdf';

/** GET /api/legal/{doc}.pdf: the PDF of a legal document, made from the page's own text. */
export function registerLegalRoutes(app: FastifyInstance, _ctx: AppContext) {
  // The text only changes with a deploy, so each PDF is rendered once per process.
  const cache = new Map<string, Promise<Buffer>>();
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/legal/:file',
      { schema: { params: z.object({ file: z.enum(legalDocumentIds.map((id) => `${id}.pdf`) as [string, ...string[]]) }) } },
      async (request, reply) => {
        const id = request.params.file.replace(/\.pdf$/, '') as keyof typeof legalDocuments;
        let pdf = cache.get(id);
        if (!pdf) {
          pdf = renderLegalPdf({ document: legalDocuments[id] });
          cache.set(id, pdf);
          pdf.catch(() => cache.delete(id));
        }
        const body = await pdf;
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="div-${id}.pdf"`)
          .header('cache-control', 'public, max-age=3600')
          .send(body);
      },
    );
}
