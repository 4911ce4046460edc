import { z } from 'zod';
import { appReleaseItem, type AppReleaseBody } from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { ReleaseService } from './release-service.ts';
import { currentReleases } from './store.ts';

const release = z.object({
  Platform: z.enum(['android', 'ios']),
  Version: z.string(),
  Url: z.string(),
  Notes: z.string(),
});

export function appRoutes(app: App, db: Db): void {
  app.get(
    '/v1/app/listone',
    {
      schema: {
        tags: ['app'],
        summary: 'The current Android and iOS app downloads',
        response: replies({ 200: z.object({ list: z.array(release) }) }),
      },
      config: { auth: 'public' },
    },
    async () => {
      const rows = await currentReleases(db);
      const newest = new Map<string, (typeof rows)[number]>();
      for (const r of rows) if (!newest.has(r.platform)) newest.set(r.platform, r);
      return {
        list: [...newest.values()]
          .filter((r) => r.platform === 'android' || r.platform === 'ios')
          .map((r) => ({
            Platform: r.platform as 'android' | 'ios',
            Version: r.version,
            Url: r.url,
            Notes: r.notes,
          })),
      };
    },
  );
}

// Loose on purpose: the service answers missing fields with the app-upload codes (26001, 26002).
const releaseInput = z.object({
  Platform: z.string().max(16).optional(),
  Version: z.string().max(32).optional(),
  Url: z.string().max(512).optional(),
  Notes: z.string().max(2000).optional(),
  Activate: z.boolean().optional(),
});

/** The administrator publishes releases (docs/api-extensions.tsv: not in the specification's list). */
export function releaseRoutes(app: App, releases: ReleaseService): void {
  const auth: AuthRule = { accountRoles: [10] };
  const tags = ['app'];
  app.get(
    '/v1/app/list',
    {
      schema: {
        tags,
        summary: 'Every published app release (administrator)',
        response: replies({ 200: z.object({ list: z.array(appReleaseItem) }) }),
      },
      config: { auth },
    },
    async (req) => ({ list: await releases.list(scopeOf(principalOf(req))) }),
  );
  app.post(
    '/v1/app/add',
    {
      schema: {
        tags,
        summary: 'Publish an app release (administrator)',
        body: releaseInput,
        response: replies({ 200: appReleaseItem }),
      },
      config: { auth },
    },
    (req) => releases.publish(scopeOf(principalOf(req)), req.body as Partial<AppReleaseBody>),
  );
  app.put(
    '/v1/app/activate',
    {
      schema: {
        tags,
        summary: 'Make a release the one the sign-in page offers (administrator)',
        body: z.object({ _id: z.string().min(1).max(64) }),
        response: replies({ 200: appReleaseItem }),
      },
      config: { auth },
    },
    (req) => releases.activate(scopeOf(principalOf(req)), req.body._id),
  );
}
