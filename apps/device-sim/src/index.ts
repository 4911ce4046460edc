/**
 * The fleet simulator as a library: `createFleet` plays access controllers, access points,
 * switches and routers through the device protocol (docs/device-protocol.md), over MQTT only.
 */
export { createFleet, createDemoFleet, DEMO_FLEET } from './fleet.ts';
export type { Fleet, FleetStats } from './fleet.ts';
export { planFleet, planSns, layoutNetworks, MODELS, DEFAULT_SN_PREFIX } from './plan.ts';
export type {
  FleetPlan,
  FleetSpec,
  NetworkPlan,
  NetworkSpec,
  DevicePlan,
  EndpointPlan,
  ModelInfo,
} from './plan.ts';
export { DEFAULT_BEHAVIOUR, DEFAULT_TIMING } from './types.ts';
export type {
  Behaviour,
  Timing,
  DownloadPolicy,
  FaultRule,
  FleetOptions,
  FleetEvents,
  FleetEventName,
  FleetCounters,
} from './types.ts';
export type { SimDevice, Phase } from './device.ts';
export { CONDITION_EVENTS } from './alarm-knobs.ts';
export type { AlarmPins, ConditionEvent } from './alarm-knobs.ts';
export type { SimNetwork, WifiClient, WiredHost } from './network.ts';
export { resolveTarget } from './diagnosis.ts';
export { Rng } from './prng.ts';
export { Scheduler } from './scheduler.ts';
