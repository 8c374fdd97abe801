import { useEffect } from 'react';

/**
 * The browser tab's title for one screen: "{page} — DIV", or the home page's title when `page` is
 * null. Every screen names itself (issue 43: /spaces, the editor and /share all read as the home
 * page in the tab strip and in screen readers' window lists); the editor names its project.
 */
export function useDocumentTitle(page: string | null | undefined) {
  useEffect(() => {
    if (page === undefined) return;
    document.title = page === null ? 'DIV — Crea tu sitio web con IA' : `${page} — DIV`;
  }, [page]);
}
