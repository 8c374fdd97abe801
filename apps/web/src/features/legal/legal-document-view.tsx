import { formatLegalDate, type LegalDocument, legalDocumentIds } from '@div/shared/legal-common';
import { Download, Printer } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import './locale';
import { useDocumentTitle } from '../../lib/document-title';

const actionClass =
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-700 text-sm hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * A legal document page: title, date, table of contents with anchors, the sections, a PDF made by
 * the server from the same text, and a print version (`?print`) without navigation.
 */
export function LegalDocumentView({ document: doc }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  const [params] = useSearchParams();
  const print = params.has('print');
  const pdfHref = `/api/legal/${doc.id}.pdf`;

  useDocumentTitle(doc.title);

  return (
    <main className="flex-1 bg-white print:bg-white dark:bg-slate-950" data-print={print || undefined}>
      <style>
        {
          '@media print{@page{margin:18mm}html,body{background:#fff!important;color:#000!important}a{color:#000!important;text-decoration:none}}'
        }
      </style>
      <div
        className={
          print
            ? 'mx-auto max-w-3xl px-6 py-10 print:max-w-none print:p-0'
            : 'mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[15rem_1fr]'
        }
      >
        {!print && (
          <nav aria-label={t('contents')} className="lg:sticky lg:top-24 lg:self-start">
            <h2 className="font-semibold text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">{t('contents')}</h2>
            <ol className="mt-3 space-y-1 border-slate-200 border-l text-sm dark:border-slate-800">
              {doc.sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-transparent border-l py-1 pl-3 text-slate-600 hover:border-indigo-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
            <h2 className="mt-8 font-semibold text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">
              {t('otherDocuments')}
            </h2>
            <ul className="mt-3 space-y-1 text-sm">
              {legalDocumentIds
                .filter((id) => id !== doc.id)
                .map((id) => (
                  <li key={id}>
                    <Link to={`/${id}`} className="text-indigo-700 hover:underline dark:text-indigo-300">
                      {t(`documents.${id}`)}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        )}
        <article className="min-w-0">
          <header className="border-slate-200 border-b pb-6 dark:border-slate-800 print:border-black">
            <p className="font-bold text-indigo-700 text-sm tracking-widest dark:text-indigo-300 print:text-black">DIV</p>
            <h1 className="mt-2 font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl dark:text-white print:text-black">
              {doc.title}
            </h1>
            <p className="mt-2 text-slate-600 text-sm dark:text-slate-400 print:text-black">
              {t('lastUpdated', { date: formatLegalDate() })}
            </p>
            <div className="mt-5 flex flex-wrap gap-2 print:hidden">
              <a href={pdfHref} download={`div-${doc.id}.pdf`} className={actionClass}>
                <Download aria-hidden="true" className="size-4" />
                {t('downloadPdf')}
              </a>
              {print ? (
                <>
                  <button type="button" onClick={() => window.print()} className={actionClass}>
                    <Printer aria-hidden="true" className="size-4" />
                    {t('print')}
                  </button>
                  <Link to={`/${doc.id}`} className={actionClass}>
                    {t('backToPage')}
                  </Link>
                </>
              ) : (
                <Link to={`/${doc.id}?print`} className={actionClass}>
                  <Printer aria-hidden="true" className="size-4" />
                  {t('printVersion')}
                </Link>
              )}
            </div>
          </header>
          <p className="mt-6 text-lg text-slate-700 leading-relaxed dark:text-slate-300 print:text-black">{doc.intro}</p>
          {doc.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-24">
              <h2
                id={`${section.id}-title`}
                className="font-bold text-slate-900 text-xl break-after-avoid dark:text-white print:text-black"
              >
                {section.title}
              </h2>
              {section.blocks.map((block, index) =>
                typeof block === 'string' ? (
                  <p
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered
                    key={index}
                    className="mt-3 text-slate-700 leading-relaxed dark:text-slate-300 print:text-black"
                  >
                    {block}
                  </p>
                ) : (
                  <ul
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered
                    key={index}
                    className="mt-3 list-disc space-y-1.5 pl-6 text-slate-700 leading-relaxed marker:text-indigo-500 dark:text-slate-300 print:text-black"
                  >
                    {block.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ),
              )}
            </section>
          ))}
        </article>
      </div>
    </main>
  );
}
