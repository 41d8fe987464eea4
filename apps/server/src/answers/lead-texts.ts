/**
 * The fixed words of a quote's lead in each reply language (issue #29 item 6): "In *Work*
 * (p. 67), Ambedkar writes:" reads in the question's language and script, and so does the
 * reformer's name when the persona spells it in that script. Titles and other speakers' names
 * stay as the sources print them; the quotes stay in the language of the writings.
 *
 * `{where}` is the work (and page), `{name}` the speaker. Written for this table and read back
 * for meaning; honorific plural verbs ("लिखते हैं") avoid choosing a gender where the language
 * allows it.
 */
import { detectLanguage } from '../knowledge/language.ts';
import { type ReplyLanguage, replyLanguage } from './reply-texts.ts';

export type LeadTexts = {
  /** "p. {page}": the page in the work's citation. */
  page: string;
  reformerWrites: string;
  reformerSaid: string;
  /** Another named speaker. */
  other: string;
  /** A letter by another person, printed in the work. */
  letter: string;
  /** Another speaker whose name the source does not give. */
  anotherSpeaker: string;
  editor: string;
  /** Words whose speaker is not known: the work alone. */
  unknown: string;
};

export const LEAD_TEXTS: Record<ReplyLanguage, LeadTexts> = {
  en: {
    page: 'p. {page}',
    reformerWrites: 'In {where}, {name} writes:',
    reformerSaid: 'In {where}, {name} said:',
    other: '{name}, in {where}:',
    letter: "{name}'s letter, printed in {where}:",
    anotherSpeaker: 'Another speaker, in {where}:',
    editor: 'The editor, in {where}:',
    unknown: '{where}:',
  },
  hi: {
    page: 'पृ. {page}',
    reformerWrites: '{where} में {name} लिखते हैं:',
    reformerSaid: '{where} में {name} ने कहा:',
    other: '{name}, {where} में:',
    letter: '{name} का पत्र, {where} में छपा:',
    anotherSpeaker: 'एक अन्य वक्ता, {where} में:',
    editor: 'संपादक, {where} में:',
    unknown: '{where}:',
  },
  mr: {
    page: 'पृ. {page}',
    reformerWrites: '{where} मध्ये {name} लिहितात:',
    reformerSaid: '{where} मध्ये {name} म्हणाले:',
    other: '{name}, {where} मध्ये:',
    letter: '{name} यांचे पत्र, {where} मध्ये छापलेले:',
    anotherSpeaker: 'दुसरे वक्ते, {where} मध्ये:',
    editor: 'संपादक, {where} मध्ये:',
    unknown: '{where}:',
  },
  ta: {
    page: 'பக். {page}',
    reformerWrites: '{where} இல் {name} எழுதுகிறார்:',
    reformerSaid: '{where} இல் {name} கூறினார்:',
    other: '{name}, {where} இல்:',
    letter: '{name} அவர்களின் கடிதம், {where} இல் அச்சிடப்பட்டது:',
    anotherSpeaker: 'மற்றொரு பேச்சாளர், {where} இல்:',
    editor: 'பதிப்பாசிரியர், {where} இல்:',
    unknown: '{where}:',
  },
  bn: {
    page: 'পৃ. {page}',
    reformerWrites: '{where}-এ {name} লিখেছেন:',
    reformerSaid: '{where}-এ {name} বলেছিলেন:',
    other: '{name}, {where}-এ:',
    letter: '{name}-এর চিঠি, {where}-এ মুদ্রিত:',
    anotherSpeaker: 'অন্য একজন বক্তা, {where}-এ:',
    editor: 'সম্পাদক, {where}-এ:',
    unknown: '{where}:',
  },
  te: {
    page: 'పే. {page}',
    reformerWrites: '{where} లో {name} ఇలా రాశారు:',
    reformerSaid: '{where} లో {name} ఇలా అన్నారు:',
    other: '{name}, {where} లో:',
    letter: '{name} లేఖ, {where} లో ముద్రితం:',
    anotherSpeaker: 'మరొక వక్త, {where} లో:',
    editor: 'సంపాదకులు, {where} లో:',
    unknown: '{where}:',
  },
  kn: {
    page: 'ಪು. {page}',
    reformerWrites: '{where} ನಲ್ಲಿ {name} ಬರೆಯುತ್ತಾರೆ:',
    reformerSaid: '{where} ನಲ್ಲಿ {name} ಹೇಳಿದರು:',
    other: '{name}, {where} ನಲ್ಲಿ:',
    letter: '{name} ಅವರ ಪತ್ರ, {where} ನಲ್ಲಿ ಮುದ್ರಿತ:',
    anotherSpeaker: 'ಮತ್ತೊಬ್ಬ ಭಾಷಣಕಾರರು, {where} ನಲ್ಲಿ:',
    editor: 'ಸಂಪಾದಕರು, {where} ನಲ್ಲಿ:',
    unknown: '{where}:',
  },
  ml: {
    page: 'പേ. {page}',
    reformerWrites: '{where} ൽ {name} എഴുതുന്നു:',
    reformerSaid: '{where} ൽ {name} പറഞ്ഞു:',
    other: '{name}, {where} ൽ:',
    letter: '{name} എഴുതിയ കത്ത്, {where} ൽ അച്ചടിച്ചത്:',
    anotherSpeaker: 'മറ്റൊരാൾ, {where} ൽ:',
    editor: 'എഡിറ്റർ, {where} ൽ:',
    unknown: '{where}:',
  },
  gu: {
    page: 'પૃ. {page}',
    reformerWrites: '{where} માં {name} લખે છે:',
    reformerSaid: '{where} માં {name} એ કહ્યું:',
    other: '{name}, {where} માં:',
    letter: '{name} નો પત્ર, {where} માં છપાયેલો:',
    anotherSpeaker: 'અન્ય વક્તા, {where} માં:',
    editor: 'સંપાદક, {where} માં:',
    unknown: '{where}:',
  },
  pa: {
    page: 'ਪੰ. {page}',
    reformerWrites: '{where} ਵਿੱਚ {name} ਲਿਖਦੇ ਹਨ:',
    reformerSaid: '{where} ਵਿੱਚ {name} ਨੇ ਕਿਹਾ:',
    other: '{name}, {where} ਵਿੱਚ:',
    letter: '{name} ਦੀ ਚਿੱਠੀ, {where} ਵਿੱਚ ਛਪੀ:',
    anotherSpeaker: 'ਇੱਕ ਹੋਰ ਬੁਲਾਰਾ, {where} ਵਿੱਚ:',
    editor: 'ਸੰਪਾਦਕ, {where} ਵਿੱਚ:',
    unknown: '{where}:',
  },
  ur: {
    page: 'ص {page}',
    reformerWrites: '{where} میں {name} لکھتے ہیں:',
    reformerSaid: '{where} میں {name} نے کہا:',
    other: '{name}، {where} میں:',
    letter: '{name} کا خط، {where} میں شائع:',
    anotherSpeaker: 'ایک اور مقرر، {where} میں:',
    editor: 'مدیر، {where} میں:',
    unknown: '{where}:',
  },
};

/** The lead's words for a detected language code; English for any other. */
export function leadTexts(language: string): LeadTexts {
  return LEAD_TEXTS[replyLanguage(language)];
}

/** A template with its `{slots}` filled. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (slot, key: string) => values[key] ?? slot);
}

/**
 * The reformer's name as a reader of `language` reads it: the persona's name for that language
 * when it gives one (`reformerNameByLanguage`: Marathi writes "आंबेडकर" where Hindi writes
 * "अम्बेडकर"), else its first one-word alias in that language's script ("அம்பேத்கர்" for
 * Tamil), else the Latin short name.
 */
export function reformerNameIn(
  language: string,
  latinName: string,
  aliases: readonly string[],
  byLanguage: Readonly<Record<string, string>> = {},
) {
  const reply = replyLanguage(language);
  if (reply === 'en') return latinName;
  const named = byLanguage[reply];
  if (named) return named;
  const script = reply === 'mr' ? 'hi' : reply;
  return (
    aliases.find((alias) => !/\s/.test(alias) && detectLanguage(alias) === script) ?? latinName
  );
}
