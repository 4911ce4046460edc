import { api } from '#shared/api-client.ts';

export interface ChangeOnlineTimeReply {
  ok: true;
  /** When the server will consider the session lapsed, in milliseconds. */
  expiresAt: number;
}

/** Keeps the session alive on the server (sliding time-out); the client slides with any success. */
export function keepSessionAlive(): Promise<ChangeOnlineTimeReply> {
  return api.post<ChangeOnlineTimeReply>('/v1/user/changeOnlineTime');
}
