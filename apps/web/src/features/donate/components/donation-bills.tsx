import type { Answerer } from '@samvad/contracts/persona';
import archiveStorageBill from '../assets/bill-archive-storage.svg';
import languageModelBill from '../assets/bill-language-model.svg';
import serverHostingBill from '../assets/bill-server-hosting.svg';

type Bill = { title: string; description: string; image: string; alt: string };

const hostingBill: Bill = {
  title: 'Server hosting',
  description:
    'The server that runs the chat, the search and your saved conversations, day and night.',
  image: serverHostingBill,
  alt: 'Illustration of a paid bill for server hosting',
};

/** What answering costs depends on who writes the answers: the copy never claims a model it lacks. */
const answeringBills: Record<Answerer | 'unknown', Bill> = {
  model: {
    title: 'Language model',
    description: 'Every answer is written by a language model, and each question asked is billed.',
    image: languageModelBill,
    alt: 'Illustration of a paid bill for the language model',
  },
  extractive: {
    title: 'Search and answers',
    description:
      'Answers are quoted from the writings by this server itself, with no language model to pay for; every question still takes computing time.',
    image: languageModelBill,
    alt: 'Illustration of a paid bill for search and answers',
  },
  unknown: {
    title: 'Answering questions',
    description: 'Finding the passages behind every answer, and putting the answer together.',
    image: languageModelBill,
    alt: 'Illustration of a paid bill for answering questions',
  },
};

const archiveBill: Bill = {
  title: 'Archive and storage',
  description: 'Keeping the digitised writings, their search index and backups safely online.',
  image: archiveStorageBill,
  alt: 'Illustration of a paid bill for archive storage',
};

/**
 * "Where your donation goes": one card with an illustrated bill for each running cost (spec §2:
 * "Three bill images are shown"). `answerer` is who writes this server's answers, when known.
 */
export function DonationBills({ answerer }: { answerer: Answerer | undefined }) {
  const bills = [hostingBill, answeringBills[answerer ?? 'unknown'], archiveBill];
  return (
    <section aria-labelledby="donation-bills-heading">
      <h2
        id="donation-bills-heading"
        className="font-serif text-2xl font-medium tracking-tight text-foreground"
      >
        Where your donation goes
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground sm:text-[0.9375rem]">
        These are the bills that keep the project running every month.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {bills.map((bill) => (
          <li
            key={bill.title}
            className="flex overflow-hidden rounded-2xl border border-border bg-card shadow-sm shadow-black/[0.03] sm:flex-col"
          >
            <div className="flex w-32 shrink-0 items-center justify-center bg-muted/70 px-3 py-4 sm:w-auto sm:px-6 sm:pt-6 sm:pb-3">
              <img
                src={bill.image}
                alt={bill.alt}
                width={240}
                height={300}
                decoding="async"
                className="h-32 w-auto drop-shadow-sm sm:h-44 lg:h-48 dark:brightness-[0.92]"
              />
            </div>
            <div className="flex flex-1 flex-col justify-center gap-1.5 p-4 sm:justify-start sm:p-5">
              <h3 className="font-medium text-foreground">{bill.title}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{bill.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
