import type { TabulaClient } from '@tabula/sdk';
import { useEffect, useState } from 'react';
import { DEFAULT_BUTTON_COLOUR, SHOP_COPY } from '../shop-copy';

export interface Decisions {
  newCheckout: string;
  buttonColour: string;
  /** The visitor's version of the checkout-button experiment. */
  experiment: string;
  /** False when no payload came in time and the shop shows the flags' defaults. */
  reachable: boolean;
}

const decide = (client: TabulaClient, reachable: boolean): Decisions => ({
  newCheckout: client.isOn('new-checkout') ? 'on' : 'off',
  buttonColour: client.getFlag('button-colour', DEFAULT_BUTTON_COLOUR),
  experiment: client.getExperiment('checkout-button')?.version ?? SHOP_COPY.notInExperiment,
  reachable,
});

/** What the SDK decides for this visitor, once it is ready, and again with every payload it receives. */
export function useDecisions(client: TabulaClient | undefined): Decisions | null {
  const [decisions, setDecisions] = useState<Decisions | null>(null);
  useEffect(() => {
    if (!client) return;
    void client.ready().then((ready) => setDecisions(decide(client, ready)));
    // A payload has just come in: the server is reachable, even if it was not in time for ready().
    return client.subscribe(() => setDecisions(decide(client, true)));
  }, [client]);
  return decisions;
}
