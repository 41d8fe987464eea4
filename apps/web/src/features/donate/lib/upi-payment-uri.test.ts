import { describe, expect, it } from 'vitest';
import { buildUpiPaymentUri } from './upi-payment-uri.ts';

describe('buildUpiPaymentUri', () => {
  it('builds a upi://pay link with the payee address, name and rupees', () => {
    expect(buildUpiPaymentUri({ upiId: 'samvad@upi', payeeName: 'Samvad' })).toBe(
      'upi://pay?pa=samvad@upi&pn=Samvad&cu=INR',
    );
  });

  it('percent-encodes spaces and reserved characters so they cannot add parameters', () => {
    const uri = buildUpiPaymentUri({ upiId: 'trust.fund@okbank', payeeName: 'Friends & Co=1 #2' });
    expect(uri).toBe('upi://pay?pa=trust.fund@okbank&pn=Friends%20%26%20Co%3D1%20%232&cu=INR');
    const params = new URL(uri.replace('upi://', 'https://upi.example/')).searchParams;
    expect([...params.keys()]).toEqual(['pa', 'pn', 'cu']);
    expect(params.get('pn')).toBe('Friends & Co=1 #2');
  });

  it('encodes names in any script and trims stray whitespace from the configuration', () => {
    const uri = buildUpiPaymentUri({ upiId: ' samvad@upi ', payeeName: 'संवाद' });
    expect(uri).toBe(`upi://pay?pa=samvad@upi&pn=${encodeURIComponent('संवाद')}&cu=INR`);
  });
});
