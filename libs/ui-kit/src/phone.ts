/** An extension written after the number: "x 204", "ext. 12". */
const EXTENSION = /\s*(?:ext\.?|x)\s*(\d{1,6})$/i;

/**
 * The `tel:` address of a number as people write it, so a phone dials it whatever the spaces,
 * dots and brackets: its digits and a leading +, a national trunk "(0)" written after a country
 * code left out (+44 (0)20 is dialled +44 20), and the extension as `;ext=`.
 */
export function telHref(phone: string): string {
  const extension = EXTENSION.exec(phone);
  const written = (extension ? phone.slice(0, extension.index) : phone).replace(
    /^(\s*\+\d{1,3})\s*\(0\)/,
    '$1',
  );
  const number = written.replace(/[^\d+]/g, '');
  return extension ? `tel:${number};ext=${extension[1]}` : `tel:${number}`;
}
