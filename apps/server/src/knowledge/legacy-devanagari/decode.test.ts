import { describe, expect, it } from 'vitest';
import { decodeLegacyDevanagari } from './decode.ts';

const kruti = (text: string) => decodeLegacyDevanagari(text, 'kruti-dev');
const chanakya = (text: string) => decodeLegacyDevanagari(text, 'chanakya');

// Every legacy string below is copied from the text layer of BAWS Hindi vol. 17 (front matter in
// Kruti Dev 010, body in Walkman-Chanakya 905) or of the BAWS vol. 1 English chapters, which quote
// Sanskrit in Kruti Dev; the Unicode is what the page image shows.
describe('decodeLegacyDevanagari, rule by rule', () => {
  it('maps independent vowels, including the two-code ones', () => {
    expect(kruti('vkSj')).toBe('और');
    expect(kruti('vkt')).toBe('आज');
    expect(kruti('bZ')).toBe('ई');
    expect(kruti(',d')).toBe('एक');
    expect(kruti(',sls')).toBe('ऐसे');
    expect(kruti('vks')).toBe('ओ');
    expect(kruti('Åij')).toBe('ऊपर');
  });

  it('completes a half consonant with the bar, and with the stem of ी', () => {
    expect(kruti('[kaM')).toBe('खंड');
    expect(kruti('Lakiknd')).toBe('संपादक');
    expect(kruti('ea=h')).toBe('मंत्री');
    expect(kruti('?kks"k.kk')).toBe('घोषणा');
  });

  it('moves the pre-base ि past the whole consonant cluster', () => {
    expect(kruti('fdlh')).toBe('किसी');
    expect(kruti('fLFkfr')).toBe('स्थिति');
    expect(kruti('fiz;')).toBe('प्रिय');
    expect(kruti('fM+')).toBe('ड़ि');
  });

  it('moves the reph back before the syllable it sits on, past vowel signs and anusvara', () => {
    expect(kruti('dk;Z')).toBe('कार्य');
    expect(kruti('/keZ')).toBe('धर्म');
    expect(kruti('lokZf/kdkj')).toBe('सर्वाधिकार');
    expect(kruti('dk;ksaZ')).toBe('कार्यों');
    expect(kruti('oxks±')).toBe('वर्गों');
    expect(kruti('dhfrZ')).toBe('कीर्ति');
  });

  it('keeps the nukta with its consonant and puts marks in Unicode order', () => {
    expect(kruti('iM+dj')).toBe('पड़कर');
    expect(kruti('djksM+')).toBe('करोड़');
    expect(kruti('gSa')).toBe('हैं');
    expect(kruti('vNwrksa')).toBe('अछूतों');
    expect(chanakya('fganqvkas')).toBe('हिंदुओं');
    expect(chanakya('dkaxszl')).toBe('कांग्रेस');
  });

  it('draws conjuncts from their single glyphs', () => {
    expect(kruti('Økafr')).toBe('क्रांति');
    expect(kruti('frjLÑr')).toBe('तिरस्कृत');
    expect(kruti('lÙkk')).toBe('सत्ता');
    expect(kruti('y{;')).toBe('लक्ष्य');
    expect(kruti('Kku')).toBe('ज्ञान');
    expect(kruti('czkã.k')).toBe('ब्राह्मण');
    expect(kruti('jk"Vªh;')).toBe('राष्ट्रीय');
    expect(kruti('m)kj')).toBe('उद्धार');
    expect(kruti('}kjk')).toBe('द्वारा');
    expect(kruti('ea=ky;')).toBe('मंत्रालय');
    expect(kruti('lqiq=')).toBe('सुपुत्र');
    expect(kruti('izfr’Bku funs”kd')).toBe('प्रतिष्ठान निदेशक');
  });

  it('turns the punctuation keys into punctuation, and % into a visarga only after a letter', () => {
    expect(kruti('gSA')).toBe('है।');
    expect(kruti('Le`rkS AA')).toBe('स्मृतौ ॥');
    expect(kruti('MkW- vEcsMdj')).toBe('डॉ. अम्बेडकर');
    expect(kruti('vè;k;&3')).toBe('अध्याय-3');
    expect(kruti('laLdj.k % 2000')).toBe('संस्करण : 2000');
    expect(kruti('Le`rk%')).toBe('स्मृताः');
    expect(kruti('fuEufyf[kr gSa%')).toBe('निम्नलिखित हैं:');
    expect(kruti('¼tuojh½')).toBe('(जनवरी)');
    expect(kruti("^^n us'ku**")).toBe('“द नेशन”');
  });

  it('reads the Chanakya glyphs that differ from Kruti Dev', () => {
    // "/" is a full ध, फ is "i" with the hook "Q", द्ध is "¼", ङ is "Ä", parentheses are themselves.
    expect(chanakya("vf/dka'k")).toBe('अधिकांश');
    expect(chanakya('fiQj')).toBe('फिर');
    expect(chanakya('fl¼kar')).toBe('सिद्धांत');
    expect(chanakya('okÄ~e;')).toBe('वाङ्मय');
    expect(chanakya('(1) bl ij')).toBe('(1) इस पर');
    expect(chanakya('è;ku')).toBe('ध्यान');
    expect(chanakya('fxjÝrkjh')).toBe('गिरफ्तारी');
    expect(chanakya('izQkal')).toBe('फ्रांस');
    expect(chanakya('Lora=krk')).toBe('स्वतंत्रता');
    expect(chanakya('½.k')).toBe('ऋण');
    expect(chanakya('Í.knkrk')).toBe('ऋणदाता');
    expect(chanakya("¶us'ku¸")).toBe('“नेशन”');
    expect(chanakya('©isjksM+h xqtjkr iap©')).toBe("'पेरोड़ी गुजरात पंच'");
    expect(chanakya('gSa_ vkSj')).toBe('हैं; और');
    // The same words in Kruti Dev.
    expect(kruti('vf/kdkfjrk')).toBe('अधिकारिता');
    expect(kruti('¼Qjojh½')).toBe('(फरवरी)');
  });

  it('decodes whole lines of the Hindi volume', () => {
    expect(kruti('Xkka/kh ,oa vNwrksa dk m)kj')).toBe('गांधी एवं अछूतों का उद्धार');
    expect(chanakya('ugha gksrh FkhA vkt x.kuk ij vR;f/d è;ku fn;k tk jgk gSA')).toBe(
      'नहीं होती थी। आज गणना पर अत्यधिक ध्यान दिया जा रहा है।',
    );
  });

  it('passes digits and Latin punctuation through', () => {
    expect(kruti('18 vkSj 19 tqykbZ 1942')).toBe('18 और 19 जुलाई 1942');
  });
});
