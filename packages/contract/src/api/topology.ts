/**
 * Topology of a network from its devices' LLDP reports, and its history (spec §3 Topology, §7
 * `GET /v1/switch/getLldpInfo`, `GET /v1/lldp/getAll`, `POST /v1/controller/resetTopology`).
 */
import { z } from 'zod';

/** Nodes nest at most this deep below the main device (spec §3). */
export const TOPOLOGY_LEVELS = 4;
/** History records `GET /v1/lldp/getAll` answers (spec §7: up to ten). */
export const TOPOLOGY_HISTORY_MAX = 10;

export interface TopologyNode {
  _id: string | null;
  SN: string | null;
  MAC: string;
  Type: number | null;
  Alias: string;
  Model: string;
  Status: string | null;
  Port: number | null;
  RemotePort: string | null;
  LinkMbps: number | null;
  Level: number;
  Changed?: boolean | undefined;
  children: TopologyNode[];
}

/** One node: a device of the network (`_id` set) or a neighbour that is none (`_id` null). */
export const topologyNode: z.ZodType<TopologyNode> = z
  .object({
    _id: z.string().nullable(),
    SN: z.string().nullable(),
    MAC: z.string(),
    Type: z.number().int().nullable(),
    Alias: z.string(),
    Model: z.string(),
    Status: z.string().nullable(),
    /** Port of the parent this node hangs from. */
    Port: z.number().int().nullable(),
    /** This node's own port of that link. */
    RemotePort: z.string().nullable(),
    LinkMbps: z.number().nullable(),
    /** 0 for the main device. */
    Level: z.number().int(),
    /** History: differs from the record before (level by level: type, name, model, child count). */
    Changed: z.boolean().optional(),
    get children() {
      return z.array(topologyNode);
    },
    // A recursive schema needs a name of its own in the API document (components.schemas).
  })
  .meta({ id: 'TopologyNode' });

export const networkQuery = z.object({ _id: z.string().trim().min(1).max(64) });
export type NetworkQuery = z.infer<typeof networkQuery>;

export const lldpInfoReply = z.object({
  Network: z.string(),
  MainDevice: z.string().nullable(),
  /** The topology now, statuses live; null without a main device. */
  list: topologyNode.nullable(),
  /** Since when this topology holds (its history record); null if none yet. */
  CreateTime: z.number().nullable(),
});
export type LldpInfoReply = z.infer<typeof lldpInfoReply>;

export const topologyRecord = z.object({
  _id: z.string(),
  CreateTime: z.number(),
  /** null: the topology in force. */
  EndTime: z.number().nullable(),
  list: topologyNode,
  /** Nodes marked changed against the record before. */
  Changed: z.number().int(),
});
export type TopologyRecord = z.infer<typeof topologyRecord>;
export const lldpHistoryReply = z.object({ list: z.array(topologyRecord), count: z.number().int() });
export type LldpHistoryReply = z.infer<typeof lldpHistoryReply>;

export const resetTopologyBody = z.object({ _id: z.string().trim().min(1).max(64) });
export type ResetTopologyBody = z.infer<typeof resetTopologyBody>;
export const resetTopologyReply = z.object({
  list: z.object({
    ok: z.literal(1),
    /** Connected devices asked to report their neighbours now. */
    Asked: z.number().int(),
  }),
});
export type ResetTopologyReply = z.infer<typeof resetTopologyReply>;
