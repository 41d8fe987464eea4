// A loopback OpenID Connect provider for the browser tests, started by Playwright beside the app.
import { startOidcTestProvider } from '@samvad/server/test/support/oidc-test-provider.ts';
import { E2E_ACCOUNTS, E2E_OIDC_CLIENT } from './e2e-identities.ts';

const port = Number(process.env.E2E_OIDC_PORT);
const provider = await startOidcTestProvider({
  ...E2E_OIDC_CLIENT,
  redirectUris: ['http://127.0.0.1/auth/google/callback'],
  accounts: Object.values(E2E_ACCOUNTS),
  port,
});
console.log(`OIDC test provider at ${provider.issuer}`);
const stop = async () => {
  await provider.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
