import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '../../../test/match-media.ts';
import {
  renderApp,
  requestsTo,
  stubApi,
  testPersona,
  visitorApi,
} from '../../../test/render-app.tsx';
import { qrCodeImageUri } from '../lib/qr-code-image.ts';
import { QR_CODE_MEDIA_QUERY } from './upi-donation-card.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const donation = {
  upiId: 'reader.fund@okbank',
  payeeName: 'Reader Fund',
  paymentUrl: 'https://pay.example.org/give',
  message: 'Gifts pay for the servers and the model.',
};

function stubDonatePersona(answerer: 'model' | 'extractive' = 'model') {
  return stubApi({
    ...visitorApi(),
    '/api/persona': { status: 200, body: { ...testPersona, donation, answerer } },
  });
}

/** The three bills' titles and descriptions, in order. */
async function billTexts() {
  const bills = await screen.findByRole('region', { name: 'Where your donation goes' });
  return within(bills)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => `${heading.textContent}: ${heading.nextElementSibling?.textContent}`);
}

describe('donation page (/donate)', () => {
  it('shows the configured UPI id, payee, message and card-payment link', async () => {
    stubDonatePersona();
    renderApp('/donate');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Keep Test Product free for everyone' }),
    ).toBeTruthy();
    expect((screen.getByLabelText('UPI ID') as HTMLInputElement).value).toBe(donation.upiId);
    expect(screen.getByText(donation.message)).toBeTruthy();
    expect(screen.getByText(donation.payeeName)).toBeTruthy();

    const cardLink = screen.getByRole('link', { name: /Donate by card/ });
    expect(cardLink.getAttribute('href')).toBe(donation.paymentUrl);
    expect(cardLink.getAttribute('target')).toBe('_blank');
    expect(cardLink.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText(/on pay\.example\.org$/)).toBeTruthy();
  });

  it('shows three bill images with alt text', async () => {
    stubDonatePersona();
    renderApp('/donate');
    const bills = await screen.findByRole('region', { name: 'Where your donation goes' });
    const images = within(bills).getAllByRole('img');
    expect(images).toHaveLength(3);
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Illustration of a paid bill for server hosting',
      'Illustration of a paid bill for the language model',
      'Illustration of a paid bill for archive storage',
    ]);
  });

  it('tells the truth about who writes the answers: a model is billed, the offline answerer is not', async () => {
    stubDonatePersona('model');
    const withModel = renderApp('/donate');
    expect((await billTexts())[1]).toBe(
      'Language model: Every answer is written by a language model, and each question asked is billed.',
    );
    withModel.unmount();
    vi.unstubAllGlobals();

    stubDonatePersona('extractive');
    renderApp('/donate');
    const offline = (await billTexts())[1];
    expect(offline).toMatch(/^Search and answers: .*with no language model to pay for/);
    expect(screen.queryByText(/written by a language model/)).toBeNull();
    expect(
      screen.getByRole('img', { name: 'Illustration of a paid bill for search and answers' }),
    ).toBeTruthy();
  });

  it('asks the server again when the persona at hand does not say who writes the answers', async () => {
    // The first copy lacks `answerer` (as a page shell's inlined persona may); the server has it.
    let calls = 0;
    const fetchMock = stubApi({
      ...visitorApi(),
      '/api/persona': () => {
        calls += 1;
        const body = { ...testPersona, donation };
        return { status: 200, body: calls === 1 ? body : { ...body, answerer: 'extractive' } };
      },
    });
    renderApp('/chat');
    await userEvent
      .setup()
      .click(await screen.findByRole('link', { name: 'Support this project' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/persona')).toHaveLength(2));
    await waitFor(async () => expect((await billTexts())[1]).toMatch(/^Search and answers/));
  });

  it('says donations are not set up, with no payment details, until the persona sets them', async () => {
    stubApi(visitorApi());
    renderApp('/donate');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Donations are not set up on this server yet.',
      }),
    ).toBeTruthy();
    expect(screen.getByText('PERSONA_FILE')).toBeTruthy();
    expect(screen.queryByLabelText('UPI ID')).toBeNull();
    expect(screen.queryByRole('link', { name: /Donate by card/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Where your donation goes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Chat' })).toBeTruthy();
  });

  it('draws a QR code of the UPI payment link on screens 768px and wider', async () => {
    installMatchMedia({ [QR_CODE_MEDIA_QUERY]: true });
    stubDonatePersona();
    renderApp('/donate');
    const qr = await screen.findByRole('img', { name: /^QR code to pay Reader Fund/ });
    const src = qr.getAttribute('src') ?? '';
    expect(src).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toMatch(/^<svg[^>]*>.*<\/svg>/s);
    // The code is the one for the configured payee's payment link.
    expect(src).toBe(
      await qrCodeImageUri('upi://pay?pa=reader.fund@okbank&pn=Reader%20Fund&cu=INR'),
    );
    expect(src).not.toBe(await qrCodeImageUri('upi://pay?pa=samvad@upi&pn=Samvad&cu=INR'));
    // Phones get a link into their UPI app instead of a code they cannot scan.
    expect(screen.queryByRole('link', { name: 'Open in a UPI app' })).toBeNull();
  });

  it('has no QR code on narrow screens, but a link that opens a UPI app', async () => {
    const media = installMatchMedia({ [QR_CODE_MEDIA_QUERY]: false });
    stubDonatePersona();
    renderApp('/donate');
    const upiLink = await screen.findByRole('link', { name: 'Open in a UPI app' });
    expect(upiLink.getAttribute('href')).toBe(
      'upi://pay?pa=reader.fund@okbank&pn=Reader%20Fund&cu=INR',
    );
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();

    // Widening the window brings the code in.
    media.set(QR_CODE_MEDIA_QUERY, true);
    expect(await screen.findByRole('img', { name: /^QR code to pay/ })).toBeTruthy();
  });

  it("'Back to Chat' goes to /chat", async () => {
    stubDonatePersona();
    const app = renderApp('/donate');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Back to Chat' }));
    await waitFor(() => expect(app.path()).toBe('/chat'));
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    stubApi({
      ...visitorApi(),
      '/api/persona': {
        status: 500,
        body: { error: { code: 'internal', message: 'Internal server error' } },
      },
    });
    renderApp('/donate');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Chat' })).toBeTruthy();
  });
});
