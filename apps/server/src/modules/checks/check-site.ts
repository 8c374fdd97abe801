import { checkSeverities, type Finding } from '@div/shared/checks';
import { checkImageWeight, checkInsecure, checkPlaceholders, checkThirdParty } from './content-rules';
import { checkContrast, checkCssUrls, checkInlineStyleUrls, sheetsOf } from './css-rules';
import { checkForms, checkLabels } from './form-rules';
import { checkValidity } from './html-validity';
import { checkAlt, checkHead, checkHeadings, checkIds, checkReferences } from './page-rules';
import { type CheckInput, readSite } from './site';

/**
 * Checks a site's files (issue 40): every finding with its rule, severity, file and 1-based line,
 * a message in Spanish and English, and whether the fixes repair it. Pure over its input; errors
 * first, then by file and line.
 */
export async function checkSite(input: CheckInput): Promise<Finding[]> {
  const site = readSite(input);
  const out: Finding[] = [];
  for (const page of site.pages) {
    await checkValidity(page, out);
    checkHead(page, out);
    checkReferences(site, page, out);
    checkIds(page, out);
    checkHeadings(page, out);
    checkAlt(page, out);
    checkLabels(page, out);
    checkForms(page, out);
    checkPlaceholders(page, out);
    checkThirdParty(page, out);
    checkInsecure(page, out);
    checkImageWeight(site, page, out);
  }
  const sheets = sheetsOf(site);
  checkCssUrls(site, sheets, out);
  checkInlineStyleUrls(site, out);
  checkContrast(sheets, out);
  const rank = (f: Finding) => checkSeverities.indexOf(f.severity);
  return out.sort(
    (a, b) =>
      rank(a) - rank(b) || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}
