import { describe, expect, it } from 'vitest';
import { garbleStats, looksGarbled, looksGarbledLine } from './garbled.ts';

/** Page 20 of the Hindi BAWS volume 17 as its Kruti Dev text layer extracts. */
const KRUTI_DEV = `vNwrksa dk egRo lalkj esa vf/dka'k ns'kksa esa ,sls oxZ gSa tks fuEu oxZ dgs tkrs gSaA ;s
jkse esa Lyso ;k nkl dgykrs FksA LikVZu esa budk uke gsyksVl ;k Øhr FkkA fczVsu esa ;s fofy;Ul ;k
Jqæ dgykrs Fks] vejhdk esa uhxzks vkSj teZuh esa ;s ;gwnh FksA fganqvksa esa ;gh n'kk vNwrksa dh Fkh]
ijUrq buesa ls dksbZ bruk cnulhc ugha Fkk] ftruk vHkkxk vNwr nkl] Øhr Jqæ lHkh yqIr gks x, gSaA ijarq
NqvkNqr dk Hkwr vkt Hkh ekStwn gS vkSj ;g rc rd ekStwn jgsxk tc rd fganw /eZ dk vfLrRo gSA`;

/** OCR-noisy English from baws_speech6.txt ("Dr Ambedkm", "ftvrm", "hke"). */
const OCR_ENGLISH = `25 December 1927 is a watershed in the histoy of the Dalit movement. On this day, Dr
Ambedkm began an agitation by the Dalits to draw water ftvrm the Chavadar hke at Mahad. The water
of this lake was hitherto reserved for caste Hindus. The Manusmriti was burnt here as a mark of
Dalit protest against untouchability. The following is the historic speech made by Dr Ambegkar on
this occasion. Gentlemen, you have gathered here today in response to the invitation of the
Satyagraha Committee. As the Chairman of that Committee, I gratefully welcome ybu all.`;

const TAMIL = `நம்மில் பலர், மனித நாகரிகத்தின் ஒட்டுமொத்தக் கூட்டுத்தொகையாக விளங்கும் பொருள்களின்
உள்ளூர், தேசிய, அனைத்துலகப் பொருட்காட்சிகளைக் கண்டிருப்போம் (Pompeii, Ethnology, Seminar).`;

describe('looksGarbled', () => {
  it('flags Kruti Dev mojibake', () => {
    const stats = garbleStats(KRUTI_DEV);
    expect(stats.oddShare).toBeGreaterThan(0.4);
    expect(stats.stopwordShare).toBeLessThan(0.05);
    expect(looksGarbled(KRUTI_DEV)).toBe(true);
  });

  it('does not flag OCR-noisy English', () => {
    const stats = garbleStats(OCR_ENGLISH);
    expect(stats.oddShare).toBeLessThan(0.05);
    expect(looksGarbled(OCR_ENGLISH)).toBe(false);
  });

  it('does not judge text in Indian scripts, even with Latin words in it', () => {
    expect(looksGarbled(TAMIL.repeat(10))).toBe(false);
    expect(looksGarbled('डॉ. अम्बेडकर सम्पूर्ण वाङ्मय '.repeat(50))).toBe(false);
  });

  it('needs enough text to judge', () => {
    expect(looksGarbled('MkW- vEcsMdj lEiw.kZ ok³~e;')).toBe(false);
  });
});

describe('looksGarbledLine', () => {
  it('flags a Sanskrit verse in Kruti Dev but not English lines', () => {
    expect(looksGarbledLine('Jqfr}S/a rq ;=k L;kIr=k /ekZoqHkkS Le`rkS A')).toBe(true);
    expect(looksGarbledLine('MkW- vEcsMdj lEiw.kZ ok³~e;')).toBe(true);
    expect(looksGarbledLine('15th May 1936 B. R. AMBEDKAR')).toBe(false);
    expect(looksGarbledLine('Rajgriha, Dadar, Bombay 14')).toBe(false);
    expect(looksGarbledLine('pp. 2-33, cf. Vol. XLI, St. Mr Ketkar')).toBe(false);
  });
});
