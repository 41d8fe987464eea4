/**
 * The fixed texts of a reply, in each language the spec detects (§5): the reply while no document
 * has been added, the opening line of an
 * offline answer, the 'not covered' refusal, the notice that ends a model answer none of whose
 * citations could be verified, and the note after a quote whose source is in another language.
 * One table, so a translation is checked in one place.
 *
 * Written for this table and read back for meaning; the grammar avoids gendered first-person
 * verbs ("it cannot be answered", not "I (m./f.) cannot answer"). The quotes themselves stay in
 * the language of the writings.
 *
 * The source-language note needs each language's name in one form only: where a case ending
 * would change the name (Marathi इंग्रजीत, Tamil ஆங்கிலத்தில்), the note names the language
 * before the word for "language" instead (इंग्रजी भाषेत, ஆங்கில மொழியில்), and the names are in
 * the form that reads there (Tamil ஆங்கில, not ஆங்கிலம்).
 */

/** The spec's reply languages (§5), plus Marathi, which a caller may supply. */
export const REPLY_LANGUAGES = [
  'en',
  'hi',
  'mr',
  'ta',
  'bn',
  'te',
  'kn',
  'ml',
  'gu',
  'pa',
  'ur',
] as const;
export type ReplyLanguage = (typeof REPLY_LANGUAGES)[number];

export type ReplyTexts = {
  /**
   * The whole reply while the knowledge base holds no document at all (a fresh install), instead
   * of 'not covered', which would read as "the reformer never wrote about this". The admin
   * screen and the command are named as they are written, in English.
   */
  noDocuments: string;
  /** First line of an offline answer, before the quotes. */
  opening: string;
  /** The whole reply when the writings do not cover the question (a refusal has no sources). */
  notCovered: string;
  /** Ends a model answer when no citation in it was supported by its passage. */
  unverified: string;
  /** After a quote whose passage is in another language: `{language}` is one of `languageNames`. */
  sourceIn: string;
  /** Each language's name as it reads in `sourceIn`. */
  languageNames: Record<ReplyLanguage, string>;
};

export const REPLY_TEXTS: Record<ReplyLanguage, ReplyTexts> = {
  en: {
    noDocuments:
      'No documents have been added yet, so there is nothing to answer from. An administrator can ' +
      'add them in Admin → Knowledge Base, or with `npm run ingest -- <folder>`.',
    opening: 'Here are the most relevant passages from the writings in the knowledge base:',
    notCovered:
      "The writings in the knowledge base do not cover this question, so I can't answer it from them.",
    unverified: 'The sources of this answer could not be verified.',
    sourceIn: 'The source is in {language}.',
    languageNames: {
      en: 'English',
      hi: 'Hindi',
      mr: 'Marathi',
      ta: 'Tamil',
      bn: 'Bengali',
      te: 'Telugu',
      kn: 'Kannada',
      ml: 'Malayalam',
      gu: 'Gujarati',
      pa: 'Punjabi',
      ur: 'Urdu',
    },
  },
  hi: {
    noDocuments:
      'अभी तक कोई दस्तावेज़ नहीं जोड़ा गया है, इसलिए उत्तर देने का कोई आधार नहीं है। कोई प्रशासक उन्हें Admin → Knowledge Base में या `npm run ingest -- <folder>` से जोड़ सकता है।',
    opening: 'संग्रह के लेखन से इस प्रश्न के सबसे प्रासंगिक अंश:',
    notCovered:
      'संग्रह के लेखन इस प्रश्न के बारे में कुछ नहीं कहते, इसलिए उनके आधार पर इसका उत्तर नहीं दिया जा सकता।',
    unverified: 'इस उत्तर के स्रोतों की पुष्टि नहीं हो सकी।',
    sourceIn: 'स्रोत {language} में है।',
    languageNames: {
      en: 'अंग्रेज़ी',
      hi: 'हिंदी',
      mr: 'मराठी',
      ta: 'तमिल',
      bn: 'बांग्ला',
      te: 'तेलुगु',
      kn: 'कन्नड़',
      ml: 'मलयालम',
      gu: 'गुजराती',
      pa: 'पंजाबी',
      ur: 'उर्दू',
    },
  },
  mr: {
    noDocuments:
      'अद्याप कोणतेही दस्तऐवज जोडलेले नाहीत, त्यामुळे उत्तर देण्यासाठी कोणताही आधार नाही. प्रशासक ते Admin → Knowledge Base मध्ये किंवा `npm run ingest -- <folder>` वापरून जोडू शकतात.',
    opening: 'संग्रहातील लेखनातील या प्रश्नाशी सर्वाधिक संबंधित उतारे:',
    notCovered: 'संग्रहातील लेखनात या प्रश्नाचा उल्लेख नाही, त्यामुळे त्यांच्या आधारे याचे उत्तर देता येत नाही.',
    unverified: 'या उत्तराच्या स्रोतांची खात्री करता आली नाही.',
    sourceIn: 'स्रोत {language} भाषेत आहे.',
    languageNames: {
      en: 'इंग्रजी',
      hi: 'हिंदी',
      mr: 'मराठी',
      ta: 'तमिळ',
      bn: 'बंगाली',
      te: 'तेलुगू',
      kn: 'कन्नड',
      ml: 'मल्याळम',
      gu: 'गुजराती',
      pa: 'पंजाबी',
      ur: 'उर्दू',
    },
  },
  ta: {
    noDocuments:
      'இதுவரை எந்த ஆவணமும் சேர்க்கப்படவில்லை; எனவே பதிலளிக்க எதுவும் இல்லை. நிர்வாகி ஒருவர் அவற்றை Admin → Knowledge Base இல் அல்லது `npm run ingest -- <folder>` மூலம் சேர்க்கலாம்.',
    opening: 'தொகுப்பிலுள்ள எழுத்துகளிலிருந்து இந்தக் கேள்விக்கு மிகவும் பொருத்தமான பகுதிகள்:',
    notCovered:
      'தொகுப்பிலுள்ள எழுத்துகள் இந்தக் கேள்வியைப் பற்றிப் பேசவில்லை; எனவே அவற்றைக் கொண்டு இதற்குப் பதிலளிக்க இயலாது.',
    unverified: 'இந்தப் பதிலின் ஆதாரங்களைச் சரிபார்க்க முடியவில்லை.',
    sourceIn: 'ஆதாரம் {language} மொழியில் உள்ளது.',
    languageNames: {
      en: 'ஆங்கில',
      hi: 'இந்தி',
      mr: 'மராத்தி',
      ta: 'தமிழ்',
      bn: 'வங்காள',
      te: 'தெலுங்கு',
      kn: 'கன்னட',
      ml: 'மலையாள',
      gu: 'குஜராத்தி',
      pa: 'பஞ்சாபி',
      ur: 'உருது',
    },
  },
  bn: {
    noDocuments:
      'এখনও কোনো নথি যোগ করা হয়নি, তাই উত্তর দেওয়ার মতো কিছু নেই। একজন প্রশাসক Admin → Knowledge Base থেকে অথবা `npm run ingest -- <folder>` দিয়ে সেগুলি যোগ করতে পারেন।',
    opening: 'সংগ্রহের লেখা থেকে এই প্রশ্নের সবচেয়ে প্রাসঙ্গিক অংশগুলি:',
    notCovered: 'সংগ্রহের লেখাগুলিতে এই প্রশ্নের উত্তর নেই, তাই সেগুলির ভিত্তিতে এর উত্তর দেওয়া সম্ভব নয়।',
    unverified: 'এই উত্তরের উৎসগুলি যাচাই করা যায়নি।',
    sourceIn: 'উৎসটি {language} ভাষায়।',
    languageNames: {
      en: 'ইংরেজি',
      hi: 'হিন্দি',
      mr: 'মারাঠি',
      ta: 'তামিল',
      bn: 'বাংলা',
      te: 'তেলুগু',
      kn: 'কন্নড়',
      ml: 'মালয়ালম',
      gu: 'গুজরাটি',
      pa: 'পাঞ্জাবি',
      ur: 'উর্দু',
    },
  },
  te: {
    noDocuments:
      'ఇంకా ఏ పత్రాలూ జోడించబడలేదు, కాబట్టి సమాధానం ఇవ్వడానికి ఆధారం ఏదీ లేదు. నిర్వాహకులు వాటిని Admin → Knowledge Base లో లేదా `npm run ingest -- <folder>` తో జోడించవచ్చు.',
    opening: 'సంకలనంలోని రచనల నుండి ఈ ప్రశ్నకు అత్యంత సంబంధిత భాగాలు:',
    notCovered: 'సంకలనంలోని రచనలు ఈ ప్రశ్న గురించి ప్రస్తావించలేదు, కాబట్టి వాటి ఆధారంగా దీనికి సమాధానం ఇవ్వలేము.',
    unverified: 'ఈ సమాధానానికి ఆధారాలను ధృవీకరించలేకపోయాము.',
    sourceIn: 'ఆధారం {language} భాషలో ఉంది.',
    languageNames: {
      en: 'ఆంగ్ల',
      hi: 'హిందీ',
      mr: 'మరాఠీ',
      ta: 'తమిళ',
      bn: 'బెంగాలీ',
      te: 'తెలుగు',
      kn: 'కన్నడ',
      ml: 'మలయాళ',
      gu: 'గుజరాతీ',
      pa: 'పంజాబీ',
      ur: 'ఉర్దూ',
    },
  },
  kn: {
    noDocuments:
      'ಇನ್ನೂ ಯಾವುದೇ ದಾಖಲೆಗಳನ್ನು ಸೇರಿಸಲಾಗಿಲ್ಲ, ಆದ್ದರಿಂದ ಉತ್ತರಿಸಲು ಯಾವುದೇ ಆಧಾರವಿಲ್ಲ. ನಿರ್ವಾಹಕರು ಅವುಗಳನ್ನು Admin → Knowledge Base ನಲ್ಲಿ ಅಥವಾ `npm run ingest -- <folder>` ಮೂಲಕ ಸೇರಿಸಬಹುದು.',
    opening: 'ಸಂಗ್ರಹದ ಬರಹಗಳಿಂದ ಈ ಪ್ರಶ್ನೆಗೆ ಅತ್ಯಂತ ಸಂಬಂಧಿತ ಭಾಗಗಳು:',
    notCovered:
      'ಸಂಗ್ರಹದಲ್ಲಿರುವ ಬರಹಗಳು ಈ ಪ್ರಶ್ನೆಯ ಬಗ್ಗೆ ಹೇಳುವುದಿಲ್ಲ, ಆದ್ದರಿಂದ ಅವುಗಳ ಆಧಾರದ ಮೇಲೆ ಇದಕ್ಕೆ ಉತ್ತರಿಸಲು ಸಾಧ್ಯವಿಲ್ಲ.',
    unverified: 'ಈ ಉತ್ತರದ ಮೂಲಗಳನ್ನು ಪರಿಶೀಲಿಸಲು ಸಾಧ್ಯವಾಗಲಿಲ್ಲ.',
    sourceIn: 'ಮೂಲವು {language} ಭಾಷೆಯಲ್ಲಿದೆ.',
    languageNames: {
      en: 'ಇಂಗ್ಲಿಷ್',
      hi: 'ಹಿಂದಿ',
      mr: 'ಮರಾಠಿ',
      ta: 'ತಮಿಳು',
      bn: 'ಬಂಗಾಳಿ',
      te: 'ತೆಲುಗು',
      kn: 'ಕನ್ನಡ',
      ml: 'ಮಲಯಾಳಂ',
      gu: 'ಗುಜರಾತಿ',
      pa: 'ಪಂಜಾಬಿ',
      ur: 'ಉರ್ದು',
    },
  },
  ml: {
    noDocuments:
      'ഇതുവരെ രേഖകളൊന്നും ചേർത്തിട്ടില്ല, അതിനാൽ ഉത്തരം നൽകാൻ ആധാരമൊന്നുമില്ല. ഒരു അഡ്മിനിസ്ട്രേറ്റർക്ക് അവ Admin → Knowledge Base ൽ നിന്നോ `npm run ingest -- <folder>` ഉപയോഗിച്ചോ ചേർക്കാം.',
    opening: 'ശേഖരത്തിലെ രചനകളിൽ നിന്ന് ഈ ചോദ്യത്തിന് ഏറ്റവും പ്രസക്തമായ ഭാഗങ്ങൾ:',
    notCovered: 'ശേഖരത്തിലെ രചനകൾ ഈ ചോദ്യത്തെക്കുറിച്ച് പറയുന്നില്ല, അതിനാൽ അവയെ ആധാരമാക്കി ഇതിന് ഉത്തരം നൽകാനാവില്ല.',
    unverified: 'ഈ ഉത്തരത്തിന്റെ ഉറവിടങ്ങൾ സ്ഥിരീകരിക്കാനായില്ല.',
    sourceIn: 'ഉറവിടം {language} ഭാഷയിലാണ്.',
    languageNames: {
      en: 'ഇംഗ്ലീഷ്',
      hi: 'ഹിന്ദി',
      mr: 'മറാഠി',
      ta: 'തമിഴ്',
      bn: 'ബംഗാളി',
      te: 'തെലുങ്ക്',
      kn: 'കന്നഡ',
      ml: 'മലയാള',
      gu: 'ഗുജറാത്തി',
      pa: 'പഞ്ചാബി',
      ur: 'ഉർദു',
    },
  },
  gu: {
    noDocuments:
      'હજી સુધી કોઈ દસ્તાવેજ ઉમેરવામાં આવ્યા નથી, તેથી જવાબ આપવા માટે કોઈ આધાર નથી. વ્યવસ્થાપક તેમને Admin → Knowledge Base માં અથવા `npm run ingest -- <folder>` વડે ઉમેરી શકે છે.',
    opening: 'સંગ્રહનાં લખાણોમાંથી આ પ્રશ્ન માટે સૌથી સુસંગત અંશો:',
    notCovered: 'સંગ્રહનાં લખાણોમાં આ પ્રશ્ન વિશે કંઈ નથી, તેથી તેમના આધારે આનો જવાબ આપી શકાય તેમ નથી.',
    unverified: 'આ જવાબના સ્રોતોની ચકાસણી થઈ શકી નથી.',
    sourceIn: 'સ્રોત {language} ભાષામાં છે.',
    languageNames: {
      en: 'અંગ્રેજી',
      hi: 'હિન્દી',
      mr: 'મરાઠી',
      ta: 'તમિલ',
      bn: 'બંગાળી',
      te: 'તેલુગુ',
      kn: 'કન્નડ',
      ml: 'મલયાલમ',
      gu: 'ગુજરાતી',
      pa: 'પંજાબી',
      ur: 'ઉર્દૂ',
    },
  },
  pa: {
    noDocuments:
      'ਹਾਲੇ ਤੱਕ ਕੋਈ ਦਸਤਾਵੇਜ਼ ਸ਼ਾਮਲ ਨਹੀਂ ਕੀਤਾ ਗਿਆ, ਇਸ ਲਈ ਜਵਾਬ ਦੇਣ ਦਾ ਕੋਈ ਆਧਾਰ ਨਹੀਂ ਹੈ। ਕੋਈ ਪ੍ਰਬੰਧਕ ਉਨ੍ਹਾਂ ਨੂੰ Admin → Knowledge Base ਵਿੱਚ ਜਾਂ `npm run ingest -- <folder>` ਨਾਲ ਸ਼ਾਮਲ ਕਰ ਸਕਦਾ ਹੈ।',
    opening: 'ਸੰਗ੍ਰਹਿ ਦੀਆਂ ਲਿਖਤਾਂ ਵਿੱਚੋਂ ਇਸ ਸਵਾਲ ਨਾਲ ਸਭ ਤੋਂ ਵੱਧ ਸੰਬੰਧਿਤ ਅੰਸ਼:',
    notCovered:
      "ਸੰਗ੍ਰਹਿ ਦੀਆਂ ਲਿਖਤਾਂ ਵਿੱਚ ਇਸ ਸਵਾਲ ਬਾਰੇ ਕੁਝ ਨਹੀਂ ਹੈ, ਇਸ ਲਈ ਉਨ੍ਹਾਂ ਦੇ ਆਧਾਰ 'ਤੇ ਇਸ ਦਾ ਜਵਾਬ ਨਹੀਂ ਦਿੱਤਾ ਜਾ ਸਕਦਾ।",
    unverified: 'ਇਸ ਜਵਾਬ ਦੇ ਸਰੋਤਾਂ ਦੀ ਪੁਸ਼ਟੀ ਨਹੀਂ ਹੋ ਸਕੀ।',
    sourceIn: 'ਸਰੋਤ {language} ਭਾਸ਼ਾ ਵਿੱਚ ਹੈ।',
    languageNames: {
      en: 'ਅੰਗਰੇਜ਼ੀ',
      hi: 'ਹਿੰਦੀ',
      mr: 'ਮਰਾਠੀ',
      ta: 'ਤਮਿਲ',
      bn: 'ਬੰਗਾਲੀ',
      te: 'ਤੇਲਗੂ',
      kn: 'ਕੰਨੜ',
      ml: 'ਮਲਿਆਲਮ',
      gu: 'ਗੁਜਰਾਤੀ',
      pa: 'ਪੰਜਾਬੀ',
      ur: 'ਉਰਦੂ',
    },
  },
  ur: {
    noDocuments:
      'ابھی تک کوئی دستاویز شامل نہیں کی گئی، اس لیے جواب دینے کی کوئی بنیاد نہیں ہے۔ کوئی منتظم انہیں Admin → Knowledge Base میں یا `npm run ingest -- <folder>` سے شامل کر سکتا ہے۔',
    opening: 'مجموعے کی تحریروں سے اس سوال سے متعلق سب سے اہم اقتباسات:',
    notCovered:
      'مجموعے کی تحریروں میں اس سوال کا ذکر نہیں ہے، اس لیے ان کی بنیاد پر اس کا جواب نہیں دیا جا سکتا۔',
    unverified: 'اس جواب کے ماخذوں کی تصدیق نہیں ہو سکی۔',
    sourceIn: 'ماخذ {language} زبان میں ہے۔',
    languageNames: {
      en: 'انگریزی',
      hi: 'ہندی',
      mr: 'مراٹھی',
      ta: 'تمل',
      bn: 'بنگالی',
      te: 'تیلگو',
      kn: 'کنڑ',
      ml: 'ملیالم',
      gu: 'گجراتی',
      pa: 'پنجابی',
      ur: 'اردو',
    },
  },
};

/** The English empty-knowledge-base reply (the start-up message quotes it). */
export const NO_DOCUMENTS_REPLY = REPLY_TEXTS.en.noDocuments;

/** The language a reply to this detected language code is written in: English for any other. */
export function replyLanguage(language: string): ReplyLanguage {
  const code = language.trim().toLowerCase();
  return (REPLY_LANGUAGES as readonly string[]).includes(code) ? (code as ReplyLanguage) : 'en';
}

/** The texts for a detected language code; English for any other. */
export function replyTexts(language: string): ReplyTexts {
  return REPLY_TEXTS[replyLanguage(language)];
}

/** "The source is in Hindi." in the reply's language, for a quote from a passage in `source`. */
export function sourceInNote(reply: string, source: ReplyLanguage): string {
  const texts = replyTexts(reply);
  return texts.sourceIn.replace('{language}', texts.languageNames[source]);
}
