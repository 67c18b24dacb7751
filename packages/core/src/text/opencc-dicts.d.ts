/** The character tables opencc-js ships (`"trad simp|…"` / `"simp trad …|…"`); the package types only its converters. */
declare module 'opencc-js/dict/TSCharacters' {
  const table: string;
  export default table;
}
declare module 'opencc-js/dict/STCharacters' {
  const table: string;
  export default table;
}
