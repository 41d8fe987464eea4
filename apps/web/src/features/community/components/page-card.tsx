import type { ReactNode } from 'react';

/** A form page's card: a title, a line on what it is for, then the form. */
export function PageCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-xl animate-fade-up rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-7">
      <h1 className="font-serif text-2xl font-medium tracking-tight sm:text-3xl">{title}</h1>
      {description && (
        <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{description}</p>
      )}
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** Stands in for a page while the viewer's profile loads. */
export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="mx-auto h-64 w-full max-w-xl animate-pulse rounded-2xl border border-border bg-card"
    />
  );
}
