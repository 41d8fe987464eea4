/** Dark modules on white: scanners need this contrast, whatever the page theme is. */
const QR_COLORS = { dark: '#1c1917ff', light: '#ffffffff' };

/**
 * Draws `text` as a QR code and returns it as an SVG data URI for an <img> (the CSP allows
 * `img-src data:`), so no markup is ever injected into the page. The `qrcode` library is
 * imported here on demand: it is only needed by the donation page on wide screens.
 */
export async function qrCodeImageUri(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: QR_COLORS,
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
