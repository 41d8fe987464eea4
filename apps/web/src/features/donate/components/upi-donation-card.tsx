import type { Persona } from '@samvad/contracts/persona';
import { ExternalLink, Smartphone } from 'lucide-react';
import { useMediaQuery } from '../../../shared/hooks/use-media-query.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Card } from '../../../shared/ui/card.tsx';
import { buildUpiPaymentUri } from '../lib/upi-payment-uri.ts';
import { UpiIdCopyField } from './upi-id-copy-field.tsx';
import { UpiQrCode } from './upi-qr-code.tsx';

/** Spec §9 "Mobile breakpoint": the QR code is for screens at least this wide. */
export const QR_CODE_MEDIA_QUERY = '(min-width: 768px)';

/** The host name of the external payment page, to say where the button leads. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * How to give: the UPI id to copy, a QR code to scan (wide screens), a UPI-app link (phones,
 * which cannot scan their own screen) and the external card-payment page.
 */
export function UpiDonationCard({ donation }: { donation: NonNullable<Persona['donation']> }) {
  const wide = useMediaQuery(QR_CODE_MEDIA_QUERY);
  const paymentUri = buildUpiPaymentUri(donation);

  return (
    <Card className="overflow-hidden">
      <div className="grid grid-cols-1 md:grid-cols-[minmax(0,1fr)_auto]">
        <section aria-labelledby="upi-heading" className="flex flex-col gap-6 p-6 sm:p-8">
          <div>
            <h2
              id="upi-heading"
              className="font-serif text-2xl font-medium tracking-tight text-foreground"
            >
              Give with UPI
            </h2>
            <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:text-[0.9375rem]">
              Send any amount from your UPI app to this ID. Your app should show the payee as{' '}
              <span className="font-medium text-foreground">{donation.payeeName}</span>.
            </p>
          </div>
          <UpiIdCopyField upiId={donation.upiId} />
          {!wide && (
            <Button asChild variant="outline" size="lg" className="w-full">
              <a href={paymentUri}>
                <Smartphone aria-hidden />
                Open in a UPI app
              </a>
            </Button>
          )}
          <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            <span aria-hidden="true" className="h-px flex-1 bg-border" />
            or
            <span aria-hidden="true" className="h-px flex-1 bg-border" />
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
            <Button asChild size="lg" className="group w-full sm:w-auto">
              <a href={donation.paymentUrl} target="_blank" rel="noopener noreferrer">
                Donate by card
                <span className="sr-only"> (opens in a new tab)</span>
                <ExternalLink
                  aria-hidden
                  className="transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
                />
              </a>
            </Button>
            <p className="text-center text-xs leading-relaxed text-muted-foreground sm:text-left">
              Cards and other ways to pay, on {hostOf(donation.paymentUrl)}
            </p>
          </div>
        </section>
        {wide && (
          <div className="flex items-center justify-center border-border border-l bg-muted/40 p-8 lg:px-12">
            <UpiQrCode
              paymentUri={paymentUri}
              payeeName={donation.payeeName}
              upiId={donation.upiId}
            />
          </div>
        )}
      </div>
    </Card>
  );
}
