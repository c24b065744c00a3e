/**
 * @module entry-checks
 * What a memory entry may not be: words addressed to the model as orders — overriding its instructions, changing its
 * role, sending data somewhere, chat-template markers — which in an entry the agent wrote come from a page or tool it
 * read, not from the user, and would reach every later session's system prompt. Notes and preferences ("the user
 * prefers short answers", "deploys go through make release") pass.
 */

/** Each pattern, and what it found, in the words the refusal uses. */
const INSTRUCTION_PATTERNS: Array<{ pattern: RegExp; what: string }> = [
  {
    pattern:
      /\b(ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}\b(previous|prior|above|earlier|all|any|your|the system)\b[^.\n]{0,30}\b(instructions?|prompts?|rules|guidelines|directions)\b/i,
    what: "tells the model to set its instructions aside",
  },
  {
    pattern:
      /\b(you are now|from now on,? you (are|will|must)|act as|pretend to be|new (system )?(prompt|instructions?))\b/i,
    what: "gives the model a new role or new instructions",
  },
  {
    pattern: /<\|?(im_start|im_end|system|endoftext)\|?>|\[\/?(INST|SYS)\]|^\s*(system|assistant)\s*:/im,
    what: "carries chat-template markers",
  },
  {
    pattern:
      /\b(send|post|upload|forward|exfiltrate|leak|email)\b[^.\n]{0,60}\b(api[ _-]?keys?|tokens?|passwords?|secrets?|credentials?|cookies?|the conversation|this conversation)\b/i,
    what: "asks to send secrets or the conversation somewhere",
  },
  {
    pattern: /\b(do not|don't|never) (tell|inform|show|mention (this|it) to) the user\b/i,
    what: "asks the model to hide something from the user",
  },
];

/** Why the entry reads as orders to the model, or null when it reads as a note. */
export function instructionLike(content: string): string | null {
  for (const { pattern, what } of INSTRUCTION_PATTERNS) if (pattern.test(content)) return what;
  return null;
}
