declare module 'opencc-js/dict/TSCharacters' {
  /** OpenCC Traditional→Simplified characters: "trad simp|trad simp|…". */
  const dict: string;
  export default dict;
}
