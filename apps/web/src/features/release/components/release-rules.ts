import { APP_PLATFORMS, ErrorCode, type AppReleaseBody, type AppReleaseItem } from '@netconsole/contract';

/**
 * The publish form's rules (POST /v1/app/add), as the server checks them: a platform, a version
 * like 2.4.0 (26001), an absolute http(s) URL naming a host and a file (26002), notes of at most
 * 2000 characters. Each check returns the key of its message under `release-dialog:error`, or null.
 */
export type ReleaseFieldError =
  | 'platformRequired'
  | 'versionRequired'
  | 'versionFormat'
  | 'urlRequired'
  | 'urlScheme'
  | 'urlIncomplete'
  | 'urlLength'
  | 'notesLength';

export type AppPlatform = (typeof APP_PLATFORMS)[number];
export { APP_PLATFORMS };

/** The contract's appReleaseBody. */
export const VERSION_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;
export const URL_MAX = 512;
export const NOTES_MAX = 2000;

export interface ReleaseFormValues {
  Platform: AppPlatform | undefined;
  Version: string;
  Url: string;
  Notes: string;
  Activate: boolean;
}

export const INITIAL_RELEASE_VALUES: ReleaseFormValues = {
  Platform: 'android',
  Version: '',
  Url: '',
  Notes: '',
  Activate: true,
};

const text = (value: string | undefined | null) => (value ?? '').trim();

export function checkPlatform(value: unknown): ReleaseFieldError | null {
  return (APP_PLATFORMS as readonly unknown[]).includes(value) ? null : 'platformRequired';
}

export function checkVersion(value: string | undefined): ReleaseFieldError | null {
  const version = text(value);
  if (!version) return 'versionRequired';
  return VERSION_PATTERN.test(version) ? null : 'versionFormat';
}

/** The server's isCompleteUrl: http or https, a host, and a path beyond "/". */
export function checkUrl(value: string | undefined): ReleaseFieldError | null {
  const url = text(value);
  if (!url) return 'urlRequired';
  if (url.length > URL_MAX) return 'urlLength';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return /^https?:/i.test(url) ? 'urlIncomplete' : 'urlScheme';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'urlScheme';
  return parsed.hostname !== '' && parsed.pathname.length > 1 ? null : 'urlIncomplete';
}

export function checkNotes(value: string | undefined): ReleaseFieldError | null {
  return (value ?? '').length <= NOTES_MAX ? null : 'notesLength';
}

/** The form as POST /v1/app/add's body (the form has checked every field). */
export function toReleaseBody(values: ReleaseFormValues): AppReleaseBody {
  return {
    Platform: values.Platform!,
    Version: text(values.Version),
    Url: text(values.Url),
    Notes: text(values.Notes),
    Activate: Boolean(values.Activate),
  };
}

/** The field a server refusal is about, so the form marks it next to the message. */
export function fieldOfReleaseError(code: number): keyof ReleaseFormValues | undefined {
  return code === ErrorCode.AppUrlIncomplete ? 'Url' : undefined;
}

/** Compares versions like 2.4.0 number by number: negative when a comes before b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** The table's order: Android then iOS, each platform's newest version first. */
export function sortReleases(list: readonly AppReleaseItem[]): AppReleaseItem[] {
  const platformOrder = (p: string) => {
    const index = (APP_PLATFORMS as readonly string[]).indexOf(p);
    return index < 0 ? APP_PLATFORMS.length : index;
  };
  return [...list].sort(
    (a, b) =>
      platformOrder(a.Platform) - platformOrder(b.Platform) ||
      compareVersions(b.Version, a.Version) ||
      b.CreateTime - a.CreateTime,
  );
}

/**
 * What the form says about the version typed, before publishing: the server updates a version it
 * knows (its URL and notes) rather than adding it again, and an older version made current
 * replaces a newer download on the sign-in page.
 */
export type ReleaseNotice =
  { kind: 'republish'; active: boolean } | { kind: 'older'; current: string } | null;

export function releaseNotice(
  list: readonly AppReleaseItem[],
  platform: AppPlatform | undefined,
  version: string | undefined,
  activate: boolean,
): ReleaseNotice {
  const typed = text(version);
  if (!platform || checkVersion(typed)) return null;
  const known = list.find((r) => r.Platform === platform && r.Version === typed);
  if (known) return { kind: 'republish', active: known.Active };
  const current = list.find((r) => r.Platform === platform && r.Active);
  if (activate && current && compareVersions(typed, current.Version) < 0) {
    return { kind: 'older', current: current.Version };
  }
  return null;
}
