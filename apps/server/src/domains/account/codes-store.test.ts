import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { findLiveCode, insertCode, supersedeCodes } from './codes-store.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe('account isolation in the code store', () => {
  it('finds and supersedes only the owner’s codes, even for the same target', async () => {
    const a = await seedTenant(h, 'alfa');
    const b = await seedTenant(h, 'bravo');
    const now = h.clock.now;
    const row = (id: string, userId: string) => ({
      id,
      purpose: 'email',
      target: 'same@x.example',
      user_id: userId,
      secret_hash: 'f'.repeat(64),
      attempts: 0,
      created_at: now,
      expires_at: now + 60_000,
      used_at: null,
    });
    await insertCode(h.store.db, row('code-a', a.owner.id));
    await insertCode(h.store.db, row('code-b', b.owner.id));

    expect((await findLiveCode(h.store.db, a.owner.id, 'email', 'same@x.example', now))?.id).toBe('code-a');
    expect((await findLiveCode(h.store.db, b.owner.id, 'email', 'same@x.example', now))?.id).toBe('code-b');
    expect(await findLiveCode(h.store.db, a.sub.id, 'email', 'same@x.example', now)).toBeUndefined();

    await supersedeCodes(h.store.db, a.owner.id, 'email', 'same@x.example', now);
    expect(await findLiveCode(h.store.db, a.owner.id, 'email', 'same@x.example', now)).toBeUndefined();
    expect((await findLiveCode(h.store.db, b.owner.id, 'email', 'same@x.example', now))?.id).toBe('code-b');
    expect(
      await findLiveCode(h.store.db, b.owner.id, 'email', 'same@x.example', now + 60_000),
    ).toBeUndefined();
  });
});
