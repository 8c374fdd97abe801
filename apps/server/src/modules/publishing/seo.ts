import {
  hasAdvancedFeatures,
  hasPublishingFeatures,
  PUBLISHING_MESSAGES,
  type SeoSettings,
  seoSettingsSchema,
} from '@div/shared/publishing';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type SiteSeo, sites } from '../../db/schema/publishing';
import { AppError } from '../../lib/errors';
import { ensureSite } from './sites';

export const emptySeo = (): SeoSettings => seoSettingsSchema.parse({});

export async function getSeo(opts: { db: Database; userId: string; spaceId: string }): Promise<SeoSettings> {
  return seoOf(await ensureSite(opts));
}

/** A site's SEO settings with the defaults filled in. */
export const seoOf = (site: { seo: SiteSeo | null }): SeoSettings => ({ ...emptySeo(), ...(site.seo ?? {}) });

/** Saves SEO settings (medium and pro; canonical URL and structured data on pro only). Applied at the next deploy. */
export async function updateSeo(opts: {
  db: Database;
  userId: string;
  plan: string;
  spaceId: string;
  seo: SeoSettings;
}): Promise<SeoSettings> {
  if (!hasPublishingFeatures(opts.plan)) throw new AppError('PAYMENT_REQUIRED', PUBLISHING_MESSAGES.planRequired);
  const advanced = Boolean(opts.seo.canonicalUrl || opts.seo.structuredData.trim());
  if (advanced && !hasAdvancedFeatures(opts.plan)) throw new AppError('PAYMENT_REQUIRED', PUBLISHING_MESSAGES.advancedRequired);
  await ensureSite(opts);
  await opts.db
    .update(sites)
    .set({ seo: opts.seo, updatedAt: new Date() })
    .where(and(eq(sites.spaceId, opts.spaceId), eq(sites.ownerId, opts.userId)));
  return opts.seo;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Writes the SEO settings into a page's <head>: title, description, Open Graph and Twitter tags,
 * robots when indexing is off; canonical link and JSON-LD on pro. Existing tags of the same name are
 * replaced so the settings win.
 */
export function applySeo(html: string, seo: SeoSettings, plan: string): string {
  if (!hasPublishingFeatures(plan)) return html;
  const tags: string[] = [];
  let out = html;
  const remove = (re: RegExp) => {
    out = out.replace(re, '');
  };
  if (seo.title) {
    remove(/<title\b[^>]*>[\s\S]*?<\/title>\s*/gi);
    tags.push(`<title>${attr(seo.title)}</title>`);
    tags.push(`<meta property="og:title" content="${attr(seo.title)}">`);
  }
  if (seo.description) {
    remove(/<meta\s+name=["']description["'][^>]*>\s*/gi);
    tags.push(`<meta name="description" content="${attr(seo.description)}">`);
    tags.push(`<meta property="og:description" content="${attr(seo.description)}">`);
  }
  if (seo.image) {
    tags.push(`<meta property="og:image" content="${attr(seo.image)}">`);
    tags.push('<meta name="twitter:card" content="summary_large_image">');
  }
  if (!seo.indexing) {
    remove(/<meta\s+name=["']robots["'][^>]*>\s*/gi);
    tags.push('<meta name="robots" content="noindex, nofollow">');
  }
  if (hasAdvancedFeatures(plan)) {
    if (seo.canonicalUrl) {
      remove(/<link\s+rel=["']canonical["'][^>]*>\s*/gi);
      tags.push(`<link rel="canonical" href="${attr(seo.canonicalUrl)}">`);
    }
    if (seo.structuredData.trim()) {
      const json = JSON.stringify(JSON.parse(seo.structuredData)).replace(/</g, '\\u003c');
      tags.push(`<script type="application/ld+json">${json}</script>`);
    }
  }
  if (tags.length === 0) return out;
  const block = `${tags.join('\n')}\n`;
  const headClose = /<\/head>/i.exec(out);
  if (headClose) return out.slice(0, headClose.index) + block + out.slice(headClose.index);
  const headOpen = /<head\b[^>]*>/i.exec(out);
  if (headOpen) {
    const at = headOpen.index + headOpen[0].length;
    return `${out.slice(0, at)}\n${block}${out.slice(at)}`;
  }
  return `<head>\n${block}</head>\n${out}`;
}
