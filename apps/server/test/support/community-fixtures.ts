import { insertUser, signIn } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

export type Member = { id: string; cookie: string; username: string };

let counter = 0;

/** A signed-in member; with a profile (made through the API) unless `profile: false`. */
export async function communityMember(
  t: TestApp,
  options: { username?: string; profile?: boolean; role?: 'user' | 'admin' } = {},
): Promise<Member> {
  counter += 1;
  const user = await insertUser(t.database.db, {
    name: `Member ${counter}`,
    role: options.role ?? 'user',
  });
  const { cookie } = await signIn(t.database.db, t.config, user.id, t.clock.now());
  const username = options.username ?? `member_${counter}_${user.id.slice(0, 6)}`;
  if (options.profile !== false) {
    const res = await send(t, { cookie }, 'POST', '/api/community/profiles', { username });
    if (res.statusCode !== 201) throw new Error(`profile not created: ${res.body}`);
  }
  return { id: user.id, cookie, username };
}

/** Calls the app, as a member when a cookie is given, with the origin unsafe methods need. */
export function send(
  t: TestApp,
  caller: { cookie?: string | null },
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: t.config.publicUrl,
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}
