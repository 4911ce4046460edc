/**
 * The behaviour domain: DNS behaviour from the devices' `dns` reports — domains per client and
 * network, categories from a versioned catalogue, the watch list and the per-tenant privacy setting
 * applied at ingestion (docs/analytics.md, "DNS behaviour").
 */
import { defineModule } from '../../platform/module.ts';
import { deviceModule } from '../device/module.ts';
import { networkModule } from '../network/module.ts';
import { tenantModule } from '../tenant/module.ts';
import { Catalogue } from './catalogue.ts';
import { DnsIngest } from './ingest.ts';
import { behaviourRoutes } from './routes.ts';
import { BehaviourService } from './service.ts';

export const JOB_BEHAVIOUR_RETENTION = 'behaviour.retention';
/** Other nodes' privacy and catalogue changes are read again this often. */
const RELOAD_EVERY_MS = 60_000;

export const behaviourModule = defineModule({
  name: 'behaviour',
  needs: { tenant: tenantModule, device: deviceModule, network: networkModule },
  build(p, { tenant, device, network }) {
    const catalogue = new Catalogue(p.db);
    const ADMIN = { tenantId: null, admin: true };
    let ingest: DnsIngest | null = null;
    const behaviour = new BehaviourService({
      db: p.db,
      clock: p.clock,
      catalogue,
      findNetwork: (scope, id) => network.networks.find(scope, id),
      tenantExists: async (id) => (await tenant.tenants.get(ADMIN, id)) !== undefined,
      onPrivacyChange: (tenantId, privacy) => ingest?.forget(tenantId, privacy),
    });
    ingest = new DnsIngest(p.db, p.clock, p.log, (t) => behaviour.settingOf(t).privacy);
    const dnsIngest = ingest;
    p.gateway.on('dns', (sn, m, now) => dnsIngest.dns(device.live.peek(sn), sn, m, now));
    p.events.on('network.devices', () => dnsIngest.networksChanged());
    p.jobs.define(JOB_BEHAVIOUR_RETENTION, async () => {
      const gone = await behaviour.prune();
      if (gone.clients + gone.hours + gone.days > 0) p.log.info(gone, 'dns behaviour retention');
    });
    p.jobs.every(JOB_BEHAVIOUR_RETENTION, { cron: '41 * * * *', timeZone: 'UTC' });
    let reload: NodeJS.Timeout | null = null;
    return {
      behaviour,
      dnsIngest,
      dnsCatalogue: catalogue,
      behaviourTimers: {
        start() {
          reload = setInterval(() => {
            void Promise.all([behaviour.loadSettings(), catalogue.load()]).catch((err: unknown) =>
              p.log.error({ err }, 'dns behaviour reload failed'),
            );
          }, RELOAD_EVERY_MS);
          reload.unref();
        },
        stop() {
          if (reload) clearInterval(reload);
        },
      },
    };
  },
  routes(app, { behaviour }) {
    behaviourRoutes(app, behaviour);
  },
  async start({ behaviour, dnsCatalogue, dnsIngest, behaviourTimers }) {
    await Promise.all([behaviour.loadSettings(), dnsCatalogue.load()]);
    dnsIngest.start();
    behaviourTimers.start();
  },
  // After the gateway stopped: the last counts are written.
  async stop({ dnsIngest, behaviourTimers }) {
    behaviourTimers.stop();
    await dnsIngest.stop();
  },
});
