// `@nlpjs/lang-ta` ships no type declarations; only its Snowball Tamil stemmer is used here.
declare module '@nlpjs/lang-ta' {
  export class StemmerTa {
    stemWord(word: string): string;
  }
}
