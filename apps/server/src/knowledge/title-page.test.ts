import { describe, expect, it } from 'vitest';
import { chooseTitle } from './title.ts';
import { titleFromTitlePage } from './title-page.ts';
import type { LoadedBlock } from './types.ts';

const line = (
  text: string,
  page: number,
  kind: LoadedBlock['kind'] = 'paragraph',
): LoadedBlock => ({
  kind,
  ...(kind === 'heading' ? { level: 1 } : {}),
  text,
  page,
  endPage: page,
  pageLabel: null,
  anchor: null,
});

/**
 * The Hindi BAWS volume 17's opening pages as the PDF loader decodes them (Kruti Dev → Unicode):
 * a portrait page, a half-title with the bare volume number, then the imprint page.
 */
const HINDI_VOLUME_17: LoadedBlock[] = [
  line('बाबासाहेब डॉ. बी. आर. अम्बेडकर', 2, 'heading'),
  line('जन्म : 14 अप्रैल, 1891 परिनिर्वाण 6 दिसंबर, 1956', 2),
  line('खंड 17', 4, 'heading'),
  line('डॉ. अम्बेडकर सम्पूर्ण वाङ्मय', 5),
  line('खंड 17', 5),
  line('गांधी एवं अछूतों का उद्धार', 5),
  line('पहला संस्करण : 2000', 5),
  line('ISBN :978-93-5109-166-0', 5),
  line('प्रकाशकः', 5),
];

describe('a title page', () => {
  it('gives series, volume and title, in the words the page prints', () => {
    expect(chooseTitle(null, HINDI_VOLUME_17, 'hi_baws_hindi_volume17.pdf')).toEqual({
      title: 'डॉ. अम्बेडकर सम्पूर्ण वाङ्मय, खंड 17: गांधी एवं अछूतों का उद्धार',
      source: 'title_page',
    });
  });

  it('comes after the title the file declares', () => {
    expect(
      chooseTitle('Gandhi and the Emancipation of the Untouchables', HINDI_VOLUME_17, 'a.pdf'),
    ).toEqual({ title: 'Gandhi and the Emancipation of the Untouchables', source: 'declared' });
  });

  it('takes no edition, date, label or line of another page for a name', () => {
    // Edition lines under the volume, and the portrait page's lines above the half-title.
    expect(titleFromTitlePage([line('खंड 17', 5), line('पहला संस्करण : 2000', 5)])).toBeNull();
    expect(titleFromTitlePage([line('बाबासाहेब', 2), line('खंड 17', 4, 'heading')])).toBeNull();
    expect(titleFromTitlePage([line('प्रकाशकः', 5), line('खंड 17', 5)])).toBeNull();
  });

  it('reads English and Roman-numbered volumes, with the series or the title alone', () => {
    expect(
      titleFromTitlePage([
        line('Dr. Babasaheb Ambedkar Writings and Speeches', 3),
        line('Vol. 1', 3),
        line('First edition 1979', 3),
      ]),
    ).toBe('Dr. Babasaheb Ambedkar Writings and Speeches, Vol. 1');
    expect(
      titleFromTitlePage([line('Volume XVII', 3), line('Gandhi and the Untouchables', 3)]),
    ).toBe('Volume XVII: Gandhi and the Untouchables');
  });

  it('is looked for only in the first pages of a paged document', () => {
    const late = [line('Writings and Speeches', 40), line('Vol. 2', 40)];
    expect(titleFromTitlePage(late)).toBeNull();
    // A text without pages has no title page: a "Vol. 2" line there is part of the text.
    const unpaged = late.map((block) => ({ ...block, page: null, endPage: null }));
    expect(titleFromTitlePage(unpaged)).toBeNull();
  });
});
