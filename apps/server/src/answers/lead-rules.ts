/**
 * What makes a sentence fit to quote as (part of) an answer, beyond being a whole sentence
 * (quotable.ts), issue #29 item 1:
 * - filler says nothing of its own: a lament or exclamation, a signpost of the talk ("I will
 *   therefore turn to…", "These are my reflections…", "I need not repeat…");
 * - a back-reference ("This is the main reason…", "Nagpur was chosen because of this.",
 *   "for these reasons") is an answer only with what it refers to, so it is never quoted alone.
 */

/**
 * An exclamation is rhetoric, not a statement, unless it is inside the words a sentence reports
 * ("…was coming from behind shouting "The Dheds have polluted the tank!"").
 */
const EXCLAMATION = /!\s*["'”’)\]]*\s*(?:\p{Lu}\p{Ll}+\.?)?$/u;
const REPORTED_EXCLAMATION = /^(?:\S+\s+){5,}[^"“‘]*["“‘][^"“”‘’]+!["”’]\s*$/u;

/** Signposts and laments: the speaker talking about the talk, not about the question. */
const FILLER = [
  // A vocative "O!".
  /\bO!/,
  /^(?:and\s+|but\s+|now,?\s+|sir,?\s+)*(?:I|we)\s+(?:will|shall|now|must|need|would|wish|propose|do not (?:wish|propose|want)|therefore)\b[^.;]{0,40}\b(?:turn to|come to|pass on|pass to|deal with|take up|refer to|say (?:a word|a few words|something|only)|repeat|conclude|close|add (?:only|one))\b/iu,
  /^(?:let me|let us)\s+(?:now\s+)?(?:turn|come|pass|say|conclude|add|take|consider|repeat|see)\b/i,
  /^(?:now,?\s+)?(?:sir,?\s+)?(?:I|we)\s+(?:come|turn|pass)\s+(?:now\s+)?to\b/i,
  /^(?:so much for|this brings me|these are my reflections|in conclusion|to conclude|to sum up|i have done|enough has been said|i (?:do not|don't) want to (?:go into|take up|weary))/i,
  /\b(?:all one can do is to lament|tiresome tale|grown weary listening|what I am going to say)\b/i,
  // A pointer forward that says nothing itself: "The reason for choosing this city is different."
  /\b(?:is|are|was|were) (?:as follows|quite different|different|this|these|simple)\s*[.:—-]*\s*$/i,
  // A view reported to be set aside: "Some people say that…".
  /^(?:some|many|certain|other) (?:people |persons |critics )?(?:say|said|think|believe|argue|claim|allege)\b/i,
  // The question echoed: "Many people ask me why…", "It is necessary to inquire…".
  // Not a condition: "If I was asked to name any particular article…, I could not refer to any
  // other article except this one." states his answer.
  /\b(?:people|many|some|others|one|you) (?:may |might |often |will )?(?:ask|asks|asked|have asked)\b|(?<!\bif (?:I|we|you|one|he) )\b(?:is|was|are|were) (?:often |sometimes |frequently |bound to be |sure to be )?asked\b|\bit is necessary to inquire\b|\bdiscuss the question\b/i,
];

export function isFiller(sentence: string): boolean {
  if (EXCLAMATION.test(sentence) && !REPORTED_EXCLAMATION.test(sentence)) return true;
  return FILLER.some((pattern) => pattern.test(sentence));
}

/** A phrase that points back to what was said before: the reason, the cause, the way. */
const BACK_REFERENCE =
  /\b(?:because of (?:this|that|these|those|it|them)|for (?:this|that|these|those|such|the above|all these) reasons?|(?:this|that|these|those|such) (?:is|was|are|were) (?:the|my|our|why|how|what)\b|(?:that|this) is why|he said so|as (?:I|we) (?:have )?(?:said|stated|shown|pointed out)|the above|the foregoing|in this way|on this account|for this purpose|by this means)\b/i;

export function refersBack(sentence: string): boolean {
  return BACK_REFERENCE.test(sentence);
}

/**
 * "people.It seems": a full stop the source lost its space after (a conversion slip), which
 * would make two sentences one. Only after a lowercase word of two or more letters and before a
 * capitalised word, so initials ("B.R.") and abbreviations ("U.S.A.") stay as they are.
 */
export function withSentenceSpaces(text: string): string {
  return text.replace(/(\p{Ll}{2,})\.(\p{Lu}\p{Ll})/gu, '$1. $2');
}
