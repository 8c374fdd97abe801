// oidc-provider ships no type declarations; the remote sign-in test uses only its constructor and callback.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
