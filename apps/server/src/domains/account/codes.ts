import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@netconsole/contract';
import { newToken } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import {
  closeCode,
  countSends,
  findLiveCode,
  insertCode,
  pruneSends,
  recordSends,
  spendTry,
  supersedeCodes,
  type CodeOwner,
  type CodeRow,
} from './codes-store.ts';

/** 'email' and 'phone' change a contact; 'forgot' proves a phone; 'ticket' is what that proof buys. */
export type CodePurpose = 'email' | 'phone' | 'forgot' | 'ticket';

export interface CodePolicy {
  ttlMs: number;
  /** Wrong tries after which a code is dead. */
  maxTries: number;
  perTargetPerMinute: number;
  perTargetPerDay: number;
  perAddressPerHour: number;
}

export const DEFAULT_CODE_POLICY: CodePolicy = {
  ttlMs: 10 * 60_000,
  maxTries: 5,
  perTargetPerMinute: 1,
  perTargetPerDay: 10,
  perAddressPerHour: 20,
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The id salts the hash, so equal codes never look alike in the store. */
function secretHash(id: string, secret: string): string {
  return createHash('sha256').update(`${id}:${secret}`).digest('hex');
}

function matches(row: CodeRow, secret: string): boolean {
  const a = Buffer.from(row.secret_hash, 'hex');
  const b = Buffer.from(secretHash(row.id, secret), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * One-time codes sent by e-mail or SMS: random digits, stored hashed, good for ten minutes, for
 * one use, and dead after five wrong tries. Sending is rate-limited per recipient and per address.
 */
export class VerificationCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly policy: CodePolicy = DEFAULT_CODE_POLICY,
  ) {}

  /** Counts a send to `target` asked from `address`; 4290 past a limit (nothing is counted then). */
  async throttle(target: string, address: string): Promise<void> {
    const now = this.clock();
    const to = `to:${target}`;
    const from = `ip:${address}`;
    const p = this.policy;
    if (
      (await countSends(this.db, to, now - MINUTE)) >= p.perTargetPerMinute ||
      (await countSends(this.db, to, now - DAY)) >= p.perTargetPerDay ||
      (await countSends(this.db, from, now - HOUR)) >= p.perAddressPerHour
    ) {
      throw new AppError(ErrorCode.TooManyRequests);
    }
    await recordSends(this.db, [to, from], now);
    await pruneSends(this.db, now - DAY);
  }

  /** A fresh code of `digits` digits; the account's earlier ones for the same target die. */
  async issue(
    purpose: CodePurpose,
    target: string,
    userId: string,
    digits: 5 | 6,
  ): Promise<{ id: string; code: string }> {
    const now = this.clock();
    const id = newId();
    const code = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
    await this.db.transaction().execute(async (trx) => {
      await supersedeCodes(trx, userId, purpose, target, now);
      await insertCode(trx, {
        id,
        purpose,
        target,
        user_id: userId,
        secret_hash: secretHash(id, code),
        attempts: 0,
        created_at: now,
        expires_at: now + this.policy.ttlMs,
        used_at: null,
      });
    });
    return { id, code };
  }

  /** The code could not be delivered: it must not stay usable. */
  async revoke(id: string): Promise<void> {
    await closeCode(this.db, id, this.clock());
  }

  /**
   * The live code that `secret` proves, without using it up (see `use`). Wrong: 24013, or
   * `wrongCode`; none live (never sent, expired, used, superseded, out of tries): 24014.
   */
  async check(
    owner: CodeOwner,
    purpose: CodePurpose,
    target: string,
    secret: string,
    wrongCode: number = ErrorCode.VerificationCodeWrong,
  ): Promise<CodeRow> {
    const now = this.clock();
    const row = await findLiveCode(this.db, owner, purpose, target, now);
    if (!row || !(await spendTry(this.db, row.id, this.policy.maxTries))) {
      throw new AppError(ErrorCode.VerificationCodeInvalid);
    }
    if (!matches(row, secret)) {
      if (row.attempts + 1 >= this.policy.maxTries) await closeCode(this.db, row.id, now);
      throw new AppError(wrongCode);
    }
    return row;
  }

  /** Uses a checked code up inside the caller's transaction; false if another call was first. */
  use(db: Db, row: CodeRow): Promise<boolean> {
    return closeCode(db, row.id, this.clock());
  }

  /** Trades a checked code for a ticket of 256 random bits with the code's account and target. */
  async ticketFor(row: CodeRow): Promise<{ ticket: string; expiresAt: number }> {
    const now = this.clock();
    const id = newId();
    const ticket = newToken();
    const expiresAt = now + this.policy.ttlMs;
    await this.db.transaction().execute(async (trx) => {
      if (!(await closeCode(trx, row.id, now))) throw new AppError(ErrorCode.VerificationCodeInvalid);
      await insertCode(trx, {
        id,
        purpose: 'ticket',
        target: row.target,
        user_id: row.user_id,
        secret_hash: secretHash(id, ticket),
        attempts: 0,
        created_at: now,
        expires_at: expiresAt,
        used_at: null,
      });
    });
    return { ticket, expiresAt };
  }
}
