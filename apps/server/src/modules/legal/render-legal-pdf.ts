import { PRODUCT_NAME } from '@div/shared/constants';
import { formatLegalDate, type LegalDocument, legalEntity } from '@div/shared/legal-common';
import type PDFKitDocument from 'pdfkit';
import { loadOnUse } from '../../lib/load-on-use';

const pdfkit = loadOnUse<typeof PDFKitDocument>('pdfkit');

const INK = '#0f172a';
const MUTED = '#475569';
const ACCENT = '#4f46e5';

/**
 * Renders a legal document to PDF from the same text the web page shows (every section, every
 * block), with the built-in Helvetica (its WinAnsi encoding covers Spanish accents, ñ, ¿ and ¡).
 */
export function renderLegalPdf({ document }: { document: LegalDocument }): Promise<Buffer> {
  const PDFDocument = pdfkit();
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    info: {
      Title: `${document.title} — ${PRODUCT_NAME}`,
      Author: legalEntity.name,
      Subject: document.title,
      CreationDate: new Date('2025-06-27T00:00:00Z'),
    },
    lang: 'es-ES',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(10).fillColor(ACCENT).text(PRODUCT_NAME, { characterSpacing: 2 });
  pdf.moveDown(0.5);
  pdf.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(document.title);
  pdf.moveDown(0.3);
  pdf.font('Helvetica').fontSize(10).fillColor(MUTED).text(`Última actualización: ${formatLegalDate()}`);
  pdf.moveDown(1);
  pdf.font('Helvetica').fontSize(11).fillColor(INK).text(document.intro, { align: 'justify', lineGap: 2 });

  for (const section of document.sections) {
    pdf.moveDown(1.2);
    pdf.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(section.title);
    pdf.moveDown(0.4);
    for (const block of section.blocks) {
      pdf.font('Helvetica').fontSize(11).fillColor(INK);
      if (typeof block === 'string') {
        pdf.text(block, { align: 'justify', lineGap: 2 });
      } else {
        pdf.list(block.list, { bulletRadius: 2, textIndent: 12, lineGap: 2 });
      }
      pdf.moveDown(0.5);
    }
  }

  pdf.moveDown(1.5);
  pdf
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${legalEntity.name} · ${legalEntity.address} · ${legalEntity.website}`);
  pdf.end();
  return done;
}
