/** A meeting point of parties working at once: each hands in its value and goes on with everyone's. */
export interface Rendezvous<T> {
  /** Resolves, once every party has met, with the values by party; rejects if the meeting was called off. */
  meet(party: number, value: T): Promise<T[]>;
  /** Calls the meeting off (a party failed): the others waiting there, or arriving later, fail with `reason`. */
  cancel(reason: unknown): void;
}

export function createRendezvous<T>(parties: number): Rendezvous<T> {
  const values: T[] = [];
  let arrived = 0;
  let resolve: (values: T[]) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const everyone = new Promise<T[]>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // A meeting called off before anyone waits there is no unhandled rejection.
  everyone.catch(() => {});
  return {
    meet(party, value) {
      values[party] = value;
      arrived += 1;
      if (arrived === parties) resolve(values);
      return everyone;
    },
    cancel: reject,
  };
}
