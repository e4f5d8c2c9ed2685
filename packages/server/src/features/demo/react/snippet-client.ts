import type { TabulaClient } from '@tabula/sdk';

/** The client the page's snippet started (`window.Tabula.client`); undefined when the SDK did not load. */
export const snippetClient = (): TabulaClient | undefined =>
  (window as { Tabula?: { client?: TabulaClient } }).Tabula?.client;
