/**
 * The maintenance windows deliveries open (docs/notifications.md, "Windows of deliveries"): a
 * configuration delivery or firmware upgrade started with `Maintenance` mutes the networks of its
 * devices from its effective time (delivery/maintenance.ts says until when); cancelling it ends them
 * at once, and when all its devices ended they close a short tail later. The windows are ordinary
 * ones: listed, ended early and honoured (`muted`) like those people add.
 */
import { createHash } from 'node:crypto';
import { DELIVERY_WINDOW_TAIL_MS, MAINTENANCE_REASON_MAX, type Label } from '@netconsole/contract';
import type { Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import type { DeliveryEndNotice, DeliveryWindowNotice } from '../delivery/maintenance.ts';

/** What a campaign of a command kind is called in a window's reason (the kinds that ask for one). */
const KIND_LABELS: Readonly<Record<string, Label>> = {
  apply_config: { en: 'Configuration delivery', zh: '配置下发' },
  upgrade_firmware: { en: 'Firmware upgrade', zh: '固件升级' },
};
const OTHER_KIND: Label = { en: 'Delivery', zh: '下发' };

/** How much of the delivered thing's name a reason keeps (both languages name it). */
const NAME_MAX = 48;

/**
 * A delivery's window on a network has an id made from the two: the same notice twice opens one
 * window, and the delivery's end finds its windows again without a column of its own.
 */
export function deliveryWindowId(campaignId: string, networkId: string): string {
  const h = createHash('sha1').update(`delivery-window:${campaignId}:${networkId}`).digest('hex');
  // Laid out as a name-based UUID (version 5, RFC 4122 variant), like the ids of the other windows.
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** "Firmware upgrade V2.1.0 / 固件升级 V2.1.0 (<delivery id>)": what and which, in both languages. */
export function deliveryWindowReason(kind: string, name: string | null, campaignId: string): string {
  const label = KIND_LABELS[kind] ?? OTHER_KIND;
  const what = name ? ` ${name.slice(0, NAME_MAX)}` : '';
  return `${label.en}${what} / ${label.zh}${what} (${campaignId})`.slice(0, MAINTENANCE_REASON_MAX);
}

export class DeliveryWindows {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * `delivery.maintenance`: one window per network of the delivery's devices, named after the
   * delivery and its creator. A network gone since (or another tenant's) gets none.
   */
  async open(n: DeliveryWindowNotice): Promise<void> {
    if (n.networks.length === 0 || n.end <= n.start) return;
    const creator = n.createdBy
      ? await this.db.selectFrom('users').select('username').where('id', '=', n.createdBy).executeTakeFirst()
      : undefined;
    const reason = deliveryWindowReason(n.kind, n.name, n.campaignId);
    for (const { tenantId, networkId } of n.networks) {
      const network = await this.db
        .selectFrom('networks')
        .select('id')
        .where('id', '=', networkId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!network) continue;
      await this.db
        .insertInto('maintenance_windows')
        .values({
          id: deliveryWindowId(n.campaignId, networkId),
          tenant_id: tenantId,
          network_id: networkId,
          start_at: n.start,
          end_at: n.end,
          reason,
          ended_at: null,
          creator_name: creator?.username ?? '',
          created_at: this.clock(),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  }

  /**
   * `delivery.ended`: the delivery's windows still open end — at once when it was cancelled, a
   * tail later (DELIVERY_WINDOW_TAIL_MS) when its devices all ended. Any delivery ends so; one that
   * opened no window finds none (its windows all start at its effective time, and carry its ids).
   */
  async end(n: DeliveryEndNotice): Promise<void> {
    const open = await this.db
      .selectFrom('maintenance_windows')
      .select(['id', 'network_id'])
      .where('start_at', '=', n.effectiveAt)
      .where('ended_at', 'is', null)
      .where('end_at', '>', n.at)
      .$if(n.tenantId !== null, (q) => q.where('tenant_id', '=', n.tenantId!))
      .execute();
    const ids = open.filter((w) => w.id === deliveryWindowId(n.campaignId, w.network_id)).map((w) => w.id);
    if (ids.length === 0) return;
    if (n.status === 'cancelled') {
      await this.db
        .updateTable('maintenance_windows')
        .set({ ended_at: n.at })
        .where('id', 'in', ids)
        .where('ended_at', 'is', null)
        .execute();
      return;
    }
    const until = n.at + DELIVERY_WINDOW_TAIL_MS;
    await this.db
      .updateTable('maintenance_windows')
      .set({ end_at: until })
      .where('id', 'in', ids)
      .where('end_at', '>', until)
      .execute();
  }
}
