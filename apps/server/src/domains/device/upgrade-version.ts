/**
 * The one rule of an upgrade's success (protocol §7.10 step 6, docs/firmware-upgrades.md): the
 * device runs the version the `upgrade_firmware` command named. The command service applies an
 * upgrade whose device says hello on that version; the delivery engine refuses a `succeeded`
 * from a device that came back on another.
 */

/** The version an `upgrade_firmware` command's body names; null when it names none. */
export function upgradeVersionOf(body: string): string | null {
  const v = (JSON.parse(body) as { fwVersion?: unknown }).fwVersion;
  return typeof v === 'string' && v !== '' ? v : null;
}

/** Whether a device running `running` has taken the upgrade of this body; null: the body names no version. */
export function runsUpgradeVersion(body: string, running: string | null | undefined): boolean | null {
  const expected = upgradeVersionOf(body);
  return expected === null ? null : running === expected;
}
