import { describe, expect, it } from 'vitest';
import { deliveryErrorText } from './delivery-error-text';

describe('delivery error text', () => {
  it("names the figures of the code's sentence and quotes the detail apart", () => {
    expect(deliveryErrorText({ errorCode: 'status', errorParams: { status: 500, detail: '<p>down</p>' } })).toEqual({
      key: 'deliveries.errors.status',
      values: { status: 500, setting: 'TABULA_WEBHOOK_ALLOW_PRIVATE' },
      quote: '<p>down</p>',
    });
    expect(deliveryErrorText({ errorCode: 'timeout', errorParams: { seconds: 10 } })).toMatchObject({
      key: 'deliveries.errors.timeout',
      values: { seconds: 10 },
      quote: null,
    });
  });

  it('tells a private address named in the URL from a name that resolved to one', () => {
    const literal = { host: '10.0.0.7', address: '10.0.0.7' };
    const resolved = { host: 'intranet.example.com', address: '10.0.0.7' };
    expect(deliveryErrorText({ errorCode: 'private_address', errorParams: literal })?.key).toBe(
      'deliveries.errors.private_address',
    );
    expect(deliveryErrorText({ errorCode: 'private_address', errorParams: resolved })).toMatchObject({
      key: 'deliveries.errors.private_address_resolved',
      values: resolved,
    });
  });

  it('quotes nothing for an empty detail, and leaves a failure without a code to its English', () => {
    expect(deliveryErrorText({ errorCode: 'other', errorParams: { detail: '' } })?.quote).toBeNull();
    expect(deliveryErrorText({ errorCode: null, errorParams: null })).toBeNull();
    expect(deliveryErrorText({ errorCode: 'status', errorParams: null })).toBeNull();
    // A code a newer server records and this console does not know yet.
    expect(deliveryErrorText({ errorCode: 'tls_certificate', errorParams: { detail: 'expired' } })).toBeNull();
  });
});
