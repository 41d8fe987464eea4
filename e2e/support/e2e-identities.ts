/** The people the browser tests sign in as, and the client the app is registered as. */
export const E2E_OIDC_CLIENT = { clientId: 'samvad-e2e', clientSecret: 'samvad-e2e-secret' };

const account = (sub: string, email: string, name: string) => ({
  sub,
  email,
  email_verified: true,
  name,
});

export const E2E_ACCOUNTS = {
  reader: account('e2e-reader', 'reader@e2e.test', 'Rama Reader'),
  // One per browser project, so parallel runs do not ban each other's user.
  'banned-desktop': account('e2e-banned-desktop', 'banned-desktop@e2e.test', 'Banned Desktop'),
  'banned-mobile': account('e2e-banned-mobile', 'banned-mobile@e2e.test', 'Banned Mobile'),
  // Chat and admin flows, one account per flow and project so parallel tests keep to their own
  // lists.
  ...Object.fromEntries(
    [
      'chat',
      'lists',
      'share',
      'import',
      // Guest to member (tests/guest-to-member.spec.ts): one account per choice after sign-in.
      'g2m-import',
      'g2m-not-now',
      'g2m-reload',
      'g2m-new-chat',
      // Rating answers (tests/answer-rating.spec.ts), at each size.
      'rating-wide',
      'rating-phone',
      // Admin dashboard flows (tests/admin-dashboard.spec.ts).
      'admin-role',
      'admin-ban',
      'admin-limits',
      'admin-chats',
      // tests/walkthrough-loose-ends.spec.ts: a long question's title in the sidebar (issue 27).
      'long-title',
    ].flatMap((flow) =>
      ['desktop', 'mobile'].map((project) => [
        `${flow}-${project}`,
        account(
          `e2e-${flow}-${project}`,
          `${flow}-${project}@e2e.test`,
          `Member ${flow} ${project}`,
        ),
      ]),
    ),
  ),
  // Community flows (tests/community.spec.ts), one account per flow and project.
  ...Object.fromEntries(
    [
      'community-a',
      'community-b',
      'community-visitor',
      'community-quote',
      // tests/chat-speakers.spec.ts: a quote of another member's words.
      'community-speaker',
      'community-axe-light',
      'community-axe-dark',
      // tests/walkthrough-loose-ends.spec.ts: a quote's source line at phone size (issue 27).
      'community-source-line',
    ].flatMap((flow) =>
      ['desktop', 'mobile'].map((project) => [
        `${flow}-${project}`,
        account(
          `e2e-${flow}-${project}`,
          `${flow}-${project}@e2e.test`,
          `Member ${flow} ${project}`,
        ),
      ]),
    ),
  ),
  // Rendering-safety flows (tests/xss-everywhere.spec.ts): the names are XSS payloads, shown
  // in the header, the admin's tables and the audit log.
  ...Object.fromEntries(
    ['xss-chat', 'xss-community', 'xss-admin'].flatMap((flow) =>
      ['desktop', 'mobile'].map((project) => [
        `${flow}-${project}`,
        account(
          `e2e-${flow}-${project}`,
          `${flow}-${project}@e2e.test`,
          `<img src=x onerror=__xss('name')> ${flow} ${project}`,
        ),
      ]),
    ),
  ),
};

export const E2E_ADMIN = { username: 'e2e-admin', password: 'an e2e admin passphrase' };
