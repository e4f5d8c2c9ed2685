// @tabula/sdk/openfeature: providers for the OpenFeature web and server SDKs. They take a client made with
// createClient; only @openfeature/core is imported at run time (a peer dependency of both SDKs).

export { TabulaServerProvider } from './server';
export { TabulaWebProvider } from './web';
