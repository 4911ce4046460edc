import { z } from 'zod';
import type { Db } from '../../platform/store/db.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
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
