import {
  APP_PLATFORMS,
  ErrorCode,
  appReleaseBody,
  type AppReleaseBody,
  type AppReleaseItem,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import {
  deactivateOthers,
  findRelease,
  findReleaseVersion,
  updateRelease,
  type ReleaseRow,
  listReleases,
} from './release-store.ts';
import { insertRelease } from './store.ts';

/** An absolute http(s) URL naming a host and a file, e.g. https://dl.example.com/app-2.4.0.apk. */
function isCompleteUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && u.pathname.length > 1;
  } catch {
    return false;
  }
}

function item(r: ReleaseRow): AppReleaseItem {
  return {
    _id: r.id,
    Platform: r.platform as AppReleaseItem['Platform'],
    Version: r.version,
    Url: r.url,
    Notes: r.notes,
    Active: r.active === 1,
    CreateTime: r.created_at,
  };
}

/**
 * App releases for the sign-in page's download codes (GET /v1/app/listone). The specification
 * names no upload path, so publishing is a service method (administrator only) for now.
 */
export class ReleaseService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(scope: Scope): Promise<AppReleaseItem[]> {
    if (!scope.admin) throw new AppError(ErrorCode.NoAccessRights);
    return (await listReleases(this.db)).map(item);
  }

  /** Publishes a version (again: a known platform and version is updated), active by default. */
  async publish(scope: Scope, input: Partial<AppReleaseBody>): Promise<AppReleaseItem> {
    if (!scope.admin) throw new AppError(ErrorCode.NoAccessRights);
    const platformOk = (APP_PLATFORMS as readonly unknown[]).includes(input.Platform);
    if (!platformOk || !input.Version?.trim() || !input.Url?.trim()) {
      throw new AppError(ErrorCode.AppUploadParamsMissing);
    }
    const parsed = appReleaseBody.safeParse(input);
    if (!parsed.success) {
      const badUrl = parsed.error.issues.some((i) => i.path[0] === 'Url');
      throw new AppError(badUrl ? ErrorCode.AppUrlIncomplete : ErrorCode.AppUploadParamsMissing);
    }
    const body = parsed.data;
    if (!isCompleteUrl(body.Url)) throw new AppError(ErrorCode.AppUrlIncomplete);
    const known = await findReleaseVersion(this.db, body.Platform, body.Version);
    let id: string;
    if (known) {
      id = known.id;
      await updateRelease(this.db, id, { url: body.Url, notes: body.Notes });
    } else {
      id = newId();
      await insertRelease(this.db, {
        id,
        platform: body.Platform,
        version: body.Version,
        url: body.Url,
        notes: body.Notes,
        active: 0,
        created_at: this.clock(),
      });
    }
    return body.Activate ? this.activate(scope, id) : item((await findRelease(this.db, id))!);
  }

  /** Makes a release the one offered for its platform; 26003 when there is no such release. */
  async activate(scope: Scope, id: string): Promise<AppReleaseItem> {
    if (!scope.admin) throw new AppError(ErrorCode.NoAccessRights);
    return this.db.transaction().execute(async (trx) => {
      const r = await findRelease(trx, id);
      if (!r) throw new AppError(ErrorCode.AppVersionActivationFailed);
      await deactivateOthers(trx, r.platform, r.id);
      await updateRelease(trx, r.id, { active: 1 });
      return item({ ...r, active: 1 });
    });
  }
}
