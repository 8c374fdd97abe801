import type { AuthProvider } from '@div/shared/auth';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createGithubProvider } from './github';
import { createGoogleProvider } from './google';
import { createLocalProvider } from './local';
import type { IdentityProvider } from './types';

export type IdentityProviders = Record<AuthProvider, IdentityProvider>;

/** Each button's provider: the real one when its client id is configured, otherwise the local one. */
export function createIdentityProviders(options: { config: Config; db: Database }): IdentityProviders {
  const { config, db } = options;
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleProvider({
          issuer: config.GOOGLE_ISSUER,
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
        })
      : createLocalProvider({ db, publicUrl: config.publicUrl, button: 'google' });
  const github =
    config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET
      ? createGithubProvider({
          clientId: config.GITHUB_CLIENT_ID,
          clientSecret: config.GITHUB_CLIENT_SECRET,
          authorizeUrl: config.GITHUB_AUTHORIZE_URL,
          tokenUrl: config.GITHUB_TOKEN_URL,
          apiUrl: config.GITHUB_API_URL,
        })
      : createLocalProvider({ db, publicUrl: config.publicUrl, button: 'github' });
  return { google, github };
}
