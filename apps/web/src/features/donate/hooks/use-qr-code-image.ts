import { useQuery } from '@tanstack/react-query';
import { qrCodeImageUri } from '../lib/qr-code-image.ts';

/**
 * The QR code of `text` as an image URI, drawn in the browser on first use (which is when the
 * QR library loads) and kept for the rest of the visit.
 */
export function useQrCodeImage(text: string) {
  return useQuery({
    queryKey: ['qr-code-image', text],
    queryFn: () => qrCodeImageUri(text),
    gcTime: Number.POSITIVE_INFINITY,
  });
}
