/**
 * @module vision-models
 * Whether a model accepts images in its input, by its name, for `model.vision: auto`: a table of well-known families
 * that do (or, listed first, members of those families that do not); anything else is taken to read text only.
 */

/** First match wins: the text-only members of vision families come before the families. */
const ACCEPTS_IMAGES_BY_MODEL: Array<[RegExp, boolean]> = [
  // Text-only reasoning models and the audio, speech and embedding variants of vision families.
  [/(^|[/:])o1-(mini|preview)|(^|[/:])o3-mini/i, false],
  [/audio|realtime|transcribe|tts|embedding|search-preview/i, false],
  [/gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-4-vision|gpt-5/i, true],
  [/(^|[/:])o[134](-|$)/i, true],
  [/claude-(2|instant)/i, false],
  [/claude/i, true],
  [/gemini|gemma-?3/i, true],
  [/qwen[\w.]*-?vl|qvq/i, true],
  [/llava|pixtral|internvl|minicpm-v|moondream|glm-4(\.\d+)?v|llama-?4|vision/i, true],
];

/** Whether `model` is known to accept images (image_url parts); false for a name the table does not know. */
export function modelAcceptsImages(model: string | null): boolean {
  if (!model) return false;
  for (const [pattern, accepts] of ACCEPTS_IMAGES_BY_MODEL) if (pattern.test(model)) return accepts;
  return false;
}
