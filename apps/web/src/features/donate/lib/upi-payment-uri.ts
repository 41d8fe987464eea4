/**
 * Percent-encodes a UPI parameter value. '@' is left as it is: it is legal in a query (RFC 3986
 * pchar) and some UPI apps fail to match a payee address written as `%40`.
 */
function encodeUpiValue(value: string): string {
  return encodeURIComponent(value.trim()).replaceAll('%40', '@');
}

/**
 * The UPI deep link (NPCI "upi://pay") that any UPI app opens as a payment to `upiId`, with the
 * payee name shown for the donor to check, in Indian rupees. The amount is left to the donor.
 */
export function buildUpiPaymentUri({ upiId, payeeName }: { upiId: string; payeeName: string }) {
  return `upi://pay?pa=${encodeUpiValue(upiId)}&pn=${encodeUpiValue(payeeName)}&cu=INR`;
}
