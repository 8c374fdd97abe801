/** Every route path of the app, in one place (spec section 2, route table). */
export const paths = {
  home: '/',
  login: '/login',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  loading: '/loading',
  pricing: '/pricing',
  developers: '/developers',
  /** The developer API reference, rendered from /api/openapi.json (issue 8). */
  apiDocs: '/docs/api',
  avatarDemo: '/avatar-demo',
  authReturn: (provider: 'google' | 'github') => `/auth/${provider}`,
  spaces: '/spaces',
  space: (id: string) => `/space/${encodeURIComponent(id)}`,
  /** A space's forms inbox and notification settings (issue 23). */
  spaceForms: (id: string) => `/space/${encodeURIComponent(id)}/forms`,
  settings: '/settings',
  /** The API keys section of the settings, where a key is made (linked from /developers). */
  apiKeysAnchor: 'api-keys',
  usage: '/usage',
  share: (id: string) => `/share/${encodeURIComponent(id)}`,
  invite: (token: string) => `/invite/${encodeURIComponent(token)}`,
} as const;

export const socialNetworks = [
  'discord',
  'twitter',
  'x',
  'github',
  'instagram',
  'tiktok',
  'reddit',
  'linkedin',
  'facebook',
] as const;
export type SocialNetwork = (typeof socialNetworks)[number];
