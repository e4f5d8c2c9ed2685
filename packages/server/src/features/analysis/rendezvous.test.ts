import { describe, expect, it } from 'vitest';
import { createRendezvous } from './rendezvous';

describe('a rendezvous of parties', () => {
  it('answers each party with every value once all have met', async () => {
    const meeting = createRendezvous<string>(2);
    const first = meeting.meet(1, 'b');
    await expect(meeting.meet(0, 'a')).resolves.toEqual(['a', 'b']);
    await expect(first).resolves.toEqual(['a', 'b']);
  });

  it('fails the parties waiting when it is called off', async () => {
    const meeting = createRendezvous<string>(2);
    const waiting = meeting.meet(0, 'a');
    meeting.cancel(new Error('shard 1 failed'));
    await expect(waiting).rejects.toThrow('shard 1 failed');
  });
});
