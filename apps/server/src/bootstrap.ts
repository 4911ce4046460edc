import { generatePassword, type Config } from './platform/config.ts';
import type { Services } from './app.ts';
import { countUsers } from './domains/user/store.ts';
import type { Db } from './platform/store/db.ts';

export interface FirstStart {
  adminUsername: string;
  /** Set only when this start created the administrator. */
  adminPassword?: string;
}

/** First start: an empty store gets its administrator (spec §6, role value 10). */
export async function ensureAdministrator(db: Db, config: Config, services: Services): Promise<FirstStart> {
  if ((await countUsers(db)) > 0) return { adminUsername: config.adminUsername };
  const password = config.adminPassword ?? generatePassword();
  await services.users.createAdministrator({
    username: config.adminUsername,
    password,
    name: 'Administrator',
    timeoutMinutes: 30,
  });
  return { adminUsername: config.adminUsername, adminPassword: password };
}
