// `stopword` ships no type declarations; only the English list is used here.
declare module 'stopword' {
  export const eng: readonly string[];
}
