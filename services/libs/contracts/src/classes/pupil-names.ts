/**
 * The names the class code shows (docs/decisions/0033-pupil-names-on-the-class-code.md): anyone with the code sees the pupil list, so it holds no surname. A
 * pupil's given names are kept and the last word (the surname, from an e-Okul list) shortened to its first letter,
 * or to as many letters as tell two pupils of the same given names apart ("Deniz Ka.", "Deniz Ko."). A one-word
 * name (as most teachers type them) is shown as it is.
 */
export function signInNames(names: readonly string[]): string[] {
  const split = names.map((name) => {
    const words = name.trim().split(/\s+/);
    return words.length < 2
      ? { given: name.trim(), surname: '' }
      : { given: words.slice(0, -1).join(' '), surname: words.at(-1)! };
  });
  const sameGiven = (given: string) =>
    split.filter((other) => other.surname && other.given.toLocaleLowerCase('tr-TR') === given);
  return split.map(({ given, surname }) => {
    if (!surname) return given;
    const others = sameGiven(given.toLocaleLowerCase('tr-TR'))
      .map((other) => other.surname.toLocaleLowerCase('tr-TR'))
      .filter((other) => other !== surname.toLocaleLowerCase('tr-TR'));
    const letters = [...surname];
    let length = 1;
    const prefix = (n: number) => letters.slice(0, n).join('').toLocaleLowerCase('tr-TR');
    while (length < letters.length && others.some((other) => other.startsWith(prefix(length)))) length++;
    return `${given} ${letters.slice(0, length).join('')}.`;
  });
}
