// The few parts of the untyped `oidc-provider` package that the test identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
