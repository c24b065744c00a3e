/**
 * @module token-chunks
 *
 * Cuts text into the pieces tiktoken is given one at a time, so counting costs time linear in the
 * length of the text. tiktoken's byte-pair merge is quadratic in the length of one pre-tokenised
 * piece, and a piece is a whole run of letters or punctuation: 40,000 Thai characters, or 1 MiB of
 * `x`, is a single piece that takes seconds to minutes (or traps the WASM). Measured with o200k_base,
 * 1M Thai characters cost 0.9 s in 32-character pieces, 1.2 s in 64, 1.8 s in 128 and 3.3 s in 256,
 * so a stretch with no natural break is cut every {@link STRETCH_MAX_CHARS} characters.
 *
 * Where it cuts decides whether counts change. tiktoken's pre-tokeniser (cl100k_base and
 * o200k_base alike) never joins a letter or digit to a following ASCII punctuation mark other than
 * `'`, and a piece crosses from non-whitespace into whitespace only as punctuation followed by line
 * breaks. So cutting just before a space or tab that follows non-whitespace, or between an ASCII
 * letter/digit and such a punctuation mark, yields exactly the pieces of the uncut text: prose,
 * code and minified JSON count the same as before. Only a stretch longer than
 * {@link STRETCH_MAX_CHARS} with neither (a long word in a script written without spaces, a
 * run of one character) is hard-cut, which adds about one token per cut.
 */

/** Longest text handed to the encoder in one call; prose costs the same per character at any size. */
export const CHUNK_MAX_CHARS = 4_096;
/**
 * Longest stretch with no cut that keeps pieces intact. Any pre-tokenised piece then spans at most
 * one whitespace character, one such stretch and one run of line breaks, which bounds the quadratic
 * merge; 64 keeps 1 MiB of Thai under half a second and words of Latin scripts are never this long.
 */
export const STRETCH_MAX_CHARS = 64;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Unicode White_Space, which is what the pre-tokeniser's `\s` matches. It must not include anything
 * that `\s` does not (JavaScript's `\s` adds U+FEFF): a character wrongly called whitespace would end
 * a stretch here while the tokeniser keeps it inside one piece, and the cost bound would be lost.
 */
function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

const isLineBreak = (code: number) => code === 0x0a || code === 0x0d;
const isAsciiAlphanumeric = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
/** ASCII punctuation and symbols, without `'` (it starts contractions such as `'s`, which join the word). */
const isAsciiPunctuation = (code: number) => code > 0x20 && code < 0x7f && code !== 0x27 && !isAsciiAlphanumeric(code);

/**
 * Calls `take(start, end)` for consecutive ranges covering `text`, each at most
 * {@link CHUNK_MAX_CHARS} long, none ending inside a surrogate pair. One pass, no allocation.
 */
export function forEachTokenChunk(text: string, take: (start: number, end: number) => void): void {
  const length = text.length;
  let chunkStart = 0;
  let stretchStart = 0;
  // The latest cut in this chunk before whitespace, and the latest between a letter and punctuation.
  let spaceCut = -1;
  let punctuationCut = -1;
  let previous = length > 0 ? text.charCodeAt(0) : 0;
  let previousIsSpace = isWhitespace(previous);
  for (let i = 1; i < length; i++) {
    const code = text.charCodeAt(i);
    const isSpace = isWhitespace(code);
    if (isSpace !== previousIsSpace) {
      stretchStart = i;
      // Before a line break only when a letter or digit precedes it: punctuation joins the breaks.
      if (isSpace && (!isLineBreak(code) || isAsciiAlphanumeric(previous))) spaceCut = i;
    } else if (isAsciiAlphanumeric(previous) && isAsciiPunctuation(code)) {
      stretchStart = i;
      punctuationCut = i;
    }
    let cut = -1;
    if (i - stretchStart >= STRETCH_MAX_CHARS) {
      cut = isLowSurrogate(code) && isHighSurrogate(previous) ? i - 1 : i;
      stretchStart = cut;
    } else if (i - chunkStart >= CHUNK_MAX_CHARS) {
      // Whitespace first: a punctuation cut could fall inside a special token such as <|endoftext|>.
      cut = spaceCut > chunkStart ? spaceCut : punctuationCut > chunkStart ? punctuationCut : i;
      if (isLowSurrogate(text.charCodeAt(cut)) && isHighSurrogate(text.charCodeAt(cut - 1))) cut -= 1;
    }
    if (cut > chunkStart) {
      take(chunkStart, cut);
      chunkStart = cut;
    }
    previous = code;
    previousIsSpace = isSpace;
  }
  if (length > chunkStart) take(chunkStart, length);
}
