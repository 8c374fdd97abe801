import { registerLocale } from '../../lib/i18n';

registerLocale('legal', {
  es: {
    lastUpdated: 'Última actualización: {{date}}',
    contents: 'Contenido',
    downloadPdf: 'Descargar PDF',
    printVersion: 'Versión para imprimir',
    print: 'Imprimir',
    backToPage: 'Volver a la página',
    otherDocuments: 'Otros documentos legales',
    documents: { terms: 'Términos y condiciones', privacy: 'Política de privacidad', cookies: 'Política de cookies' },
  },
  en: {
    lastUpdated: 'Last updated: {{date}}',
    contents: 'Contents',
    downloadPdf: 'Download PDF',
    printVersion: 'Printable version',
    print: 'Print',
    backToPage: 'Back to the page',
    otherDocuments: 'Other legal documents',
    documents: { terms: 'Terms and Conditions', privacy: 'Privacy Policy', cookies: 'Cookie Policy' },
  },
});
