import { assemblePreview } from '@div/site-engine/assemble';
import { PREVIEW_RUNTIME_SCRIPT } from './runtime-script';

export interface PreviewFile {
  path: string;
  content: string;
}

/** The site as one document (the document engine inlines style.css, script.js and linked files). */
export function assembleDocument(files: PreviewFile[], images?: Readonly<Record<string, string>>): string {
  return assemblePreview(files, images ? { images } : {});
}

/** The document the preview frame shows: the assembled site with the runtime script first in <head>. */
export function buildPreviewDocument(
  files: PreviewFile[],
  runtime = PREVIEW_RUNTIME_SCRIPT,
  images?: Readonly<Record<string, string>>,
  entry?: string,
): string {
  return assemblePreview(files, { injectScript: runtime, ...(images ? { images } : {}), ...(entry ? { entry } : {}) });
}
