/**
 * The fixed texts of a reply, in each language the spec detects (§5): the opening line of an
 * offline answer, the 'not covered' refusal, and the notice that ends a model answer none of
 * whose citations could be verified. One table, so a translation is checked in one place.
 *
 * Written for this table and read back for meaning; the grammar avoids gendered first-person
 * verbs ("it cannot be answered", not "I (m./f.) cannot answer"). The quotes themselves stay in
 * the language of the writings.
 */

export type ReplyTexts = {
  /** First line of an offline answer, before the quotes. */
  opening: string;
  /** The whole reply when the writings do not cover the question (a refusal has no sources). */
  notCovered: string;
  /** Ends a model answer when no citation in it was supported by its passage. */
  unverified: string;
};

export const REPLY_TEXTS = {
  en: {
    opening: 'Here are the most relevant passages from the writings in the knowledge base:',
    notCovered:
      "The writings in the knowledge base do not cover this question, so I can't answer it from them.",
    unverified: 'The sources of this answer could not be verified.',
  },
  hi: {
    opening: 'संग्रह के लेखन से इस प्रश्न के सबसे प्रासंगिक अंश:',
    notCovered:
      'संग्रह के लेखन इस प्रश्न के बारे में कुछ नहीं कहते, इसलिए उनके आधार पर इसका उत्तर नहीं दिया जा सकता।',
    unverified: 'इस उत्तर के स्रोतों की पुष्टि नहीं हो सकी।',
  },
  mr: {
    opening: 'संग्रहातील लेखनातील या प्रश्नाशी सर्वाधिक संबंधित उतारे:',
    notCovered: 'संग्रहातील लेखनात या प्रश्नाचा उल्लेख नाही, त्यामुळे त्यांच्या आधारे याचे उत्तर देता येत नाही.',
    unverified: 'या उत्तराच्या स्रोतांची खात्री करता आली नाही.',
  },
  ta: {
    opening: 'தொகுப்பிலுள்ள எழுத்துகளிலிருந்து இந்தக் கேள்விக்கு மிகவும் பொருத்தமான பகுதிகள்:',
    notCovered:
      'தொகுப்பிலுள்ள எழுத்துகள் இந்தக் கேள்வியைப் பற்றிப் பேசவில்லை; எனவே அவற்றைக் கொண்டு இதற்குப் பதிலளிக்க இயலாது.',
    unverified: 'இந்தப் பதிலின் ஆதாரங்களைச் சரிபார்க்க முடியவில்லை.',
  },
  bn: {
    opening: 'সংগ্রহের লেখা থেকে এই প্রশ্নের সবচেয়ে প্রাসঙ্গিক অংশগুলি:',
    notCovered: 'সংগ্রহের লেখাগুলিতে এই প্রশ্নের উত্তর নেই, তাই সেগুলির ভিত্তিতে এর উত্তর দেওয়া সম্ভব নয়।',
    unverified: 'এই উত্তরের উৎসগুলি যাচাই করা যায়নি।',
  },
  te: {
    opening: 'సంకలనంలోని రచనల నుండి ఈ ప్రశ్నకు అత్యంత సంబంధిత భాగాలు:',
    notCovered: 'సంకలనంలోని రచనలు ఈ ప్రశ్న గురించి ప్రస్తావించలేదు, కాబట్టి వాటి ఆధారంగా దీనికి సమాధానం ఇవ్వలేము.',
    unverified: 'ఈ సమాధానానికి ఆధారాలను ధృవీకరించలేకపోయాము.',
  },
  kn: {
    opening: 'ಸಂಗ್ರಹದ ಬರಹಗಳಿಂದ ಈ ಪ್ರಶ್ನೆಗೆ ಅತ್ಯಂತ ಸಂಬಂಧಿತ ಭಾಗಗಳು:',
    notCovered:
      'ಸಂಗ್ರಹದಲ್ಲಿರುವ ಬರಹಗಳು ಈ ಪ್ರಶ್ನೆಯ ಬಗ್ಗೆ ಹೇಳುವುದಿಲ್ಲ, ಆದ್ದರಿಂದ ಅವುಗಳ ಆಧಾರದ ಮೇಲೆ ಇದಕ್ಕೆ ಉತ್ತರಿಸಲು ಸಾಧ್ಯವಿಲ್ಲ.',
    unverified: 'ಈ ಉತ್ತರದ ಮೂಲಗಳನ್ನು ಪರಿಶೀಲಿಸಲು ಸಾಧ್ಯವಾಗಲಿಲ್ಲ.',
  },
  ml: {
    opening: 'ശേഖരത്തിലെ രചനകളിൽ നിന്ന് ഈ ചോദ്യത്തിന് ഏറ്റവും പ്രസക്തമായ ഭാഗങ്ങൾ:',
    notCovered: 'ശേഖരത്തിലെ രചനകൾ ഈ ചോദ്യത്തെക്കുറിച്ച് പറയുന്നില്ല, അതിനാൽ അവയെ ആധാരമാക്കി ഇതിന് ഉത്തരം നൽകാനാവില്ല.',
    unverified: 'ഈ ഉത്തരത്തിന്റെ ഉറവിടങ്ങൾ സ്ഥിരീകരിക്കാനായില്ല.',
  },
  gu: {
    opening: 'સંગ્રહનાં લખાણોમાંથી આ પ્રશ્ન માટે સૌથી સુસંગત અંશો:',
    notCovered: 'સંગ્રહનાં લખાણોમાં આ પ્રશ્ન વિશે કંઈ નથી, તેથી તેમના આધારે આનો જવાબ આપી શકાય તેમ નથી.',
    unverified: 'આ જવાબના સ્રોતોની ચકાસણી થઈ શકી નથી.',
  },
  pa: {
    opening: 'ਸੰਗ੍ਰਹਿ ਦੀਆਂ ਲਿਖਤਾਂ ਵਿੱਚੋਂ ਇਸ ਸਵਾਲ ਨਾਲ ਸਭ ਤੋਂ ਵੱਧ ਸੰਬੰਧਿਤ ਅੰਸ਼:',
    notCovered:
      "ਸੰਗ੍ਰਹਿ ਦੀਆਂ ਲਿਖਤਾਂ ਵਿੱਚ ਇਸ ਸਵਾਲ ਬਾਰੇ ਕੁਝ ਨਹੀਂ ਹੈ, ਇਸ ਲਈ ਉਨ੍ਹਾਂ ਦੇ ਆਧਾਰ 'ਤੇ ਇਸ ਦਾ ਜਵਾਬ ਨਹੀਂ ਦਿੱਤਾ ਜਾ ਸਕਦਾ।",
    unverified: 'ਇਸ ਜਵਾਬ ਦੇ ਸਰੋਤਾਂ ਦੀ ਪੁਸ਼ਟੀ ਨਹੀਂ ਹੋ ਸਕੀ।',
  },
  ur: {
    opening: 'مجموعے کی تحریروں سے اس سوال سے متعلق سب سے اہم اقتباسات:',
    notCovered:
      'مجموعے کی تحریروں میں اس سوال کا ذکر نہیں ہے، اس لیے ان کی بنیاد پر اس کا جواب نہیں دیا جا سکتا۔',
    unverified: 'اس جواب کے ماخذوں کی تصدیق نہیں ہو سکی۔',
  },
} as const satisfies Record<string, ReplyTexts>;

export type ReplyLanguage = keyof typeof REPLY_TEXTS;

/**
 * The whole reply while the knowledge base holds no document at all (a fresh install), instead
 * of 'not covered', which would read as "the reformer never wrote about this". It is in English
 * whatever the question's language: it speaks to whoever runs the server, and names the admin
 * screen and the command as they are written; translations are welcome in REPLY_TEXTS' style.
 */
export const NO_DOCUMENTS_REPLY =
  'No documents have been added yet, so there is nothing to answer from. An administrator can ' +
  'add them in Admin → Knowledge Base, or with `npm run ingest -- <folder>`.';

/** The texts for a detected language code; English for any other. */
export function replyTexts(language: string): ReplyTexts {
  const code = language.toLowerCase();
  return code in REPLY_TEXTS ? REPLY_TEXTS[code as ReplyLanguage] : REPLY_TEXTS.en;
}
