/**
 * Names the simulated clients ask their DNS for (reports.ts `dns`, protocol §6.8): common services
 * of the console's domain catalogue (video, messaging, office, search, updates, advertising) and a
 * few names it does not know, so the DNS behaviour screens show categories and an "other" share.
 * Earlier names are asked more often (`pickName`).
 */
export const DNS_NAMES: readonly string[] = [
  'www.google.com',
  'weixin.qq.com',
  'www.baidu.com',
  'r3---sn-ab5l6n7s.googlevideo.com',
  'www.youtube.com',
  'outlook.office365.com',
  'teams.microsoft.com',
  'www.google-analytics.com',
  'api.github.com',
  'www.bilibili.com',
  'time.example.org',
  'ctldl.windowsupdate.com',
  'www.taobao.com',
  'open.spotify.com',
  'www.tiktok.com',
  'intranet.example.com',
  's3.amazonaws.com',
  'www.bbc.com',
  'store.steampowered.com',
  'cdn.example.net',
];

/** A name, earlier ones likelier (about 1/rank); `u` uniform in [0, 1). */
export function pickName(u: number): string {
  const n = DNS_NAMES.length;
  return DNS_NAMES[Math.min(n - 1, Math.floor(Math.pow(n + 1, u) - 1))]!;
}
