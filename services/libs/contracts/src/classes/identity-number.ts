/** Eleven digits in a row (a Turkish national identity number, T.C. kimlik no), also with spaces or dots between. */
export const ID_NUMBER = /(?<!\d)\d(?:[\s.]?\d){10}(?!\d)/;

/** True when the text holds something that may be an identity number: such text is never stored (docs/product-rules.md#class-list-import). */
export function holdsIdNumber(text: string): boolean {
  return ID_NUMBER.test(text);
}
