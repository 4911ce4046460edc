import { compareFirmwareVersions, type FirmwareItem, type FirmwareModelRow } from '@netconsole/contract';

/** One version of a model and hardware version: who runs it, and the image of it, if any. */
export interface VersionRow {
  key: string;
  FWVersion: string;
  Devices: number;
  Online: number;
  Image: FirmwareItem | null;
  Newest: boolean;
}

/** A model and hardware version of the library: its newest known version and every version known. */
export interface LibraryGroup {
  key: string;
  Model: string;
  HWVersion: string;
  Newest: string;
  Devices: number;
  Behind: number;
  rows: VersionRow[];
}

const groupKey = (model: string, hw: string) => `${model}\u0000${hw}`;

/**
 * The library as the screen shows it: per model and hardware version (the server's view, GET
 * /v1/fw/versions) with each version's image laid beside its device counts; an image the view does
 * not name yet (uploaded since) still shows, as a version no device runs. Groups by model, then
 * hardware; versions newest first (compareFirmwareVersions).
 */
export function libraryGroups(
  view: readonly FirmwareModelRow[],
  images: readonly FirmwareItem[],
): LibraryGroup[] {
  const groups = new Map<string, LibraryGroup>();
  for (const g of view) {
    groups.set(groupKey(g.Model, g.HWVersion), {
      key: groupKey(g.Model, g.HWVersion),
      Model: g.Model,
      HWVersion: g.HWVersion,
      Newest: g.Newest,
      Devices: g.Devices,
      Behind: g.Behind,
      rows: g.Versions.map((v) => ({
        key: v.FWVersion,
        FWVersion: v.FWVersion,
        Devices: v.Devices,
        Online: v.Online,
        Image: null,
        Newest: v.FWVersion === g.Newest,
      })),
    });
  }
  for (const image of images) {
    const key = groupKey(image.Model, image.HWVersion);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        Model: image.Model,
        HWVersion: image.HWVersion,
        Newest: '',
        Devices: 0,
        Behind: 0,
        rows: [],
      };
      groups.set(key, group);
    }
    const row = group.rows.find((r) => r.FWVersion === image.FWVersion);
    if (row) row.Image = image;
    else
      group.rows.push({
        key: image.FWVersion,
        FWVersion: image.FWVersion,
        Devices: image.Devices,
        Online: 0,
        Image: image,
        Newest: false,
      });
  }
  for (const group of groups.values()) {
    group.rows.sort((a, b) => compareFirmwareVersions(b.FWVersion, a.FWVersion));
    const newest = group.rows[0]?.FWVersion ?? '';
    if (!group.Newest || (newest && compareFirmwareVersions(newest, group.Newest) > 0)) {
      // An image newer than the view knew: it is the newest now, and every device is behind it.
      group.Newest = newest;
      group.Behind =
        group.Devices - group.rows.filter((r) => r.FWVersion === newest).reduce((n, r) => n + r.Devices, 0);
    }
    for (const r of group.rows) r.Newest = r.FWVersion === group.Newest;
  }
  return [...groups.values()].sort(
    (a, b) => a.Model.localeCompare(b.Model) || a.HWVersion.localeCompare(b.HWVersion),
  );
}
