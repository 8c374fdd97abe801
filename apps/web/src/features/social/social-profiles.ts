/**
 * Where each social redirect screen sends the browser (spec: social redirect screens). Each target
 * can be replaced at build time with VITE_SOCIAL_<NETWORK> (tests point them at a local page).
 * /x is the same page as /twitter.
 */
const env = import.meta.env;

export const socialProfiles = {
  discord: { name: 'Discord', url: env.VITE_SOCIAL_DISCORD || 'https://discord.gg/div' },
  twitter: { name: 'X (Twitter)', url: env.VITE_SOCIAL_TWITTER || 'https://x.com/divdev' },
  github: { name: 'GitHub', url: env.VITE_SOCIAL_GITHUB || 'https://github.com/div-dev' },
  instagram: { name: 'Instagram', url: env.VITE_SOCIAL_INSTAGRAM || 'https://www.instagram.com/div.dev' },
  tiktok: { name: 'TikTok', url: env.VITE_SOCIAL_TIKTOK || 'https://www.tiktok.com/@div.dev' },
  reddit: { name: 'Reddit', url: env.VITE_SOCIAL_REDDIT || 'https://www.reddit.com/r/divdev' },
  linkedin: { name: 'LinkedIn', url: env.VITE_SOCIAL_LINKEDIN || 'https://www.linkedin.com/company/div-dev' },
  facebook: { name: 'Facebook', url: env.VITE_SOCIAL_FACEBOOK || 'https://www.facebook.com/div.dev' },
} as const satisfies Record<string, { name: string; url: string }>;

export type SocialProfileKey = keyof typeof socialProfiles;

const aliases: Record<string, SocialProfileKey> = { x: 'twitter' };

/** The profile for a path segment such as 'discord' or 'x'; null for an unknown network. */
export function socialProfileFor(segment: string): (typeof socialProfiles)[SocialProfileKey] | null {
  const key = segment.toLowerCase();
  if (key in aliases) return socialProfiles[aliases[key] as SocialProfileKey];
  return Object.hasOwn(socialProfiles, key) ? socialProfiles[key as SocialProfileKey] : null;
}
