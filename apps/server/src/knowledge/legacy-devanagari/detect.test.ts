import { describe, expect, it } from 'vitest';
import { legacyFamilyOf, legacyFontDecoders } from './detect.ts';

// Lines from the text layer of BAWS Hindi vol. 17: its body font (Walkman-Chanakya 905) and its
// front matter (Kruti Dev 010).
const CHANAKYA_BODY = [
  'Hkkjr esa fdlh le; tux.kuk ,d ljy vkSj lgt izfØ;k gqvk djrh Fkh] ftlesa dsoy',
  'tula[;kfonksa dks gh :fp jgrh FkhA ckdh fdlh dks blesa fnypLih ugha gksrh FkhA vkt',
  "x.kuk ij vR;f/d è;ku fn;k tk jgk gSA lalkj esa vf/dka'k ns'kksa esa ,sls oxZ gSa tks fuEu",
  'oxZ dgs tkrs gSaA fiQj Hkh vNwrksa dh rjg fdlh dk è;ku ugha x;k 6 djksM+ izkf.k;ksa dh',
  "vuns[kh gks jgh gSA ;g fl¼kar dk iz'u gS] ftls Lora=krk crk;k tk jgk gSA",
].join('\n');
const KRUTI_FRONT = [
  'MkW- vEcsMdj lEiw.kZ ok³~e; [kaM 17 Xkka/kh ,oa vNwrksa dk m)kj igyk laLdj.k % 2000',
  'lkekftd U;k; vkSj vf/kdkfjrk ea=h Hkkjr ljdkj lokZf/kdkj lqjf{kr',
  'fganh vkSj vaxzsth esa lEiw.kZ okM~e; ckcklkgsc MkW- vEcsMdj ds laxzfgr dk;ksaZ ds laiw.kZ',
  '[ka.M MkW- Fkkojpan xsgyksr] lkekftd U;k; vkSj vf/kdkfjrk ea=h] vkSj v/;{k]',
  "nfyr ;qokvksa dks esjk ;g iSxke gS fd ,d rks os f'k{kk vkSj cqf) esa fdlh ls de u jgsa]",
].join('\n');
const ENGLISH =
  'When there is a conflict between two Shrutis, both are to be regarded as of equal ' +
  'authority. Either of them may be followed. No attempt is to be made to find out which of ' +
  'the two accords with reason. This is made clear by Manu.';
/** Odd-shaped Latin tokens that are no legacy Devanagari: a Tamil or symbol font, say. */
const OTHER_MOJIBAKE = Array.from({ length: 12 }, () => 'qqzx% ÐÑÒ Wwx ÞßàV XZQw zzK¶ Vbzq').join(
  ' ',
);

describe('legacyFamilyOf', () => {
  it('tells Chanakya from Kruti Dev by which table decodes to Hindi', () => {
    expect(legacyFamilyOf(CHANAKYA_BODY)).toBe('chanakya');
    expect(legacyFamilyOf(KRUTI_FRONT)).toBe('kruti-dev');
  });

  it('leaves English, Unicode Hindi and other mojibake alone', () => {
    expect(legacyFamilyOf(ENGLISH)).toBeNull();
    expect(legacyFamilyOf('भारत में किसी समय जनगणना एक सरल और सहज प्रक्रिया हुआ करती थी।')).toBeNull();
    expect(legacyFamilyOf(OTHER_MOJIBAKE)).toBeNull();
  });
});

describe('legacyFontDecoders', () => {
  it('decodes the runs of the legacy font and no other, judged on all its runs', () => {
    const runs = [
      ...CHANAKYA_BODY.split('\n').map((str) => ({ str, fontName: 'body' })),
      { str: 'ISBN :978-93-5109-166-0', fontName: 'latin' },
      { str: ENGLISH, fontName: 'latin' },
      { str: 'fiQj', fontName: 'body' },
    ];
    const decoders = legacyFontDecoders(runs);
    expect([...decoders.keys()]).toEqual(['body']);
    expect(decoders.get('body')?.('fiQj')).toBe('फिर');
  });
});
