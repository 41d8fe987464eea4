import { ScanLine } from 'lucide-react';
import { cn } from '../../../shared/lib/cn.ts';
import { useQrCodeImage } from '../hooks/use-qr-code-image.ts';

interface UpiQrCodeProps {
  /** The upi://pay link the code encodes. */
  paymentUri: string;
  payeeName: string;
  upiId: string;
  className?: string;
}

/**
 * A QR code of the UPI payment link, for scanning with a phone. Render it on wide screens only
 * (spec §2: 768px and up); a phone cannot scan its own screen.
 */
export function UpiQrCode({ paymentUri, payeeName, upiId, className }: UpiQrCodeProps) {
  const qr = useQrCodeImage(paymentUri);

  return (
    <figure className={cn('flex flex-col items-center gap-3', className)}>
      {/* White whatever the theme, with a quiet zone around the code, so scanners read it. */}
      <div className="grid size-56 place-items-center rounded-2xl border border-border bg-white p-3 shadow-sm lg:size-60">
        {qr.data ? (
          <img
            src={qr.data}
            alt={`QR code to pay ${payeeName} (UPI ID ${upiId}) with a UPI app`}
            width={216}
            height={216}
            className="size-full [image-rendering:pixelated]"
          />
        ) : qr.isError ? (
          <p className="px-4 text-center text-sm leading-relaxed text-stone-600">
            The QR code could not be drawn. Please use the UPI ID instead.
          </p>
        ) : (
          <div
            role="img"
            aria-label="Drawing the QR code"
            className="size-full animate-pulse rounded-lg bg-stone-200"
          />
        )}
      </div>
      <figcaption className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <ScanLine aria-hidden className="size-4" />
        Scan with any UPI app
      </figcaption>
    </figure>
  );
}
