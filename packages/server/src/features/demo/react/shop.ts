// Written with createElement rather than JSX: the server's TypeScript settings compile no JSX, and this is all of it.
import type { TabulaClient } from '@tabula/sdk';
import { createElement as h, useState } from 'react';
import { PRICE, SHOP_COPY } from '../shop-copy';
import { useDecisions } from './use-decisions';
import { useTick } from './use-tick';

const TICK_MS = 1000;
const SALE_SECONDS = 60;
const BEST_SELLERS = ['Watering can', 'Rose shears', 'Seed tray', 'Garden gloves'];

const countdown = (tick: number) => {
  const left = SALE_SECONDS - 1 - (tick % SALE_SECONDS);
  return `Sale ends in 0:${String(left).padStart(2, '0')}`;
};

/** The best sellers in a new order every second, each item keyed by the tick too: React replaces every one. */
const bestSellers = (tick: number) =>
  BEST_SELLERS.map((_, index) => BEST_SELLERS[(index + tick) % BEST_SELLERS.length]!).map((name) =>
    h('li', { key: `${tick}:${name}` }, name),
  );

/**
 * The demo shop as a React app that keeps rendering itself, as live pages do: every second the hero's headline is
 * mounted afresh (its key is the countdown's tick, as a carousel's slide would be), so the browser gets a new
 * element with the original text that a visual experiment's changes must reach again; the countdown's text changes
 * and the best sellers are replaced. The flags and the experiment are the SDK's, as on the plain page.
 */
export function Shop({ client }: { client: TabulaClient | undefined }) {
  const tick = useTick(TICK_MS);
  const decisions = useDecisions(client);
  const [purchases, setPurchases] = useState(0);
  const [tracked, setTracked] = useState(false);
  const buy = () => {
    setPurchases((count) => count + 1);
    client?.track('purchase', PRICE);
    void client?.flush().then(() => setTracked(true));
  };
  const status = decisions && !decisions.reachable ? SHOP_COPY.unreachable : tracked ? SHOP_COPY.purchaseTracked : '';
  const decided = (value: string | undefined) => value ?? SHOP_COPY.pending;

  return h(
    'main',
    { className: 'shop' },
    h('h1', { id: 'headline', key: tick }, SHOP_COPY.headline),
    h('p', { id: 'countdown' }, countdown(tick)),
    h(
      'dl',
      null,
      h('dt', null, 'new-checkout'),
      h('dd', { id: 'new-checkout' }, decided(decisions?.newCheckout)),
      h('dt', null, 'button-colour'),
      h('dd', { id: 'button-colour' }, decided(decisions?.buttonColour)),
      h('dt', null, 'checkout-button'),
      h('dd', { id: 'experiment' }, decided(decisions?.experiment)),
    ),
    h('ul', { id: 'best-sellers' }, bestSellers(tick)),
    h(
      'p',
      null,
      h(
        'button',
        { id: 'buy', type: 'button', style: { backgroundColor: decisions?.buttonColour }, onClick: buy },
        SHOP_COPY.buy,
      ),
      ' ',
      h('span', { id: 'cart' }, `Cart: ${purchases}`),
      ' ',
      h('span', { id: 'status', role: 'status' }, status),
    ),
    h('small', { className: 'note' }, SHOP_COPY.note),
  );
}
