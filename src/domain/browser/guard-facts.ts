/**
 * @module guard-facts
 * What the prompt-injection guard learns from a session's browser (its GuardBrowser port): the active tab's URL, what
 * the element behind an outline ref is (a link and where it goes, a password or file field, a control that sends its
 * form and where), and the navigation gate it arms around an agent's action. Read from the supervisor this process
 * holds; nothing is started for it.
 */
import type { ElementFacts } from "../guard/assessment.js";
import type { GuardBrowser } from "../guard/guard.js";
import type { SupervisorRegistry } from "./supervisor-registry.js";
import { withTimeout } from "./targets.js";

/** An element read that takes longer is answered with nothing known (the action itself then fails or goes on). */
const ELEMENT_READ_TIMEOUT_MS = 3_000;

/** Runs in the element's own frame: what it is, where its link goes, which form it sends and where. */
function factsOf(element: Element): ElementFacts {
  const tag = element.tagName.toLowerCase();
  const input = element instanceof HTMLInputElement ? element : null;
  const type = input ? input.type.toLowerCase() : null;
  const link = element.closest<HTMLAnchorElement | HTMLAreaElement>("a[href], area[href]");
  const href = link && !/^(javascript|mailto|tel):/i.test(link.href) ? link.href : null;
  const control = element as HTMLButtonElement | HTMLInputElement;
  const form = "form" in control && control.form ? control.form : null;
  const button = element instanceof HTMLButtonElement ? element.type === "submit" : false;
  const submitter = button || (type !== null && ["submit", "image"].includes(type));
  const field = input !== null && !["button", "checkbox", "radio", "file", "reset", "submit", "image"].includes(type!);
  const action = form ? (submitter && control.formAction) || form.action || location.href : null;
  return {
    tag,
    input_type: type,
    href,
    download: link instanceof HTMLAnchorElement && link.hasAttribute("download"),
    submits: form !== null && (submitter || field),
    form_action: action,
    frame_url: location.href,
  };
}

export class BrowserGuardFacts implements GuardBrowser {
  constructor(private readonly supervisors: SupervisorRegistry) {}

  pageUrl(sessionId: string): string | null {
    return this.supervisors.get(sessionId)?.url() ?? null;
  }

  async element(sessionId: string, ref: string): Promise<ElementFacts | null> {
    const supervisor = this.supervisors.get(sessionId);
    const page = supervisor?.page;
    // A page a dialog blocks answers nothing; the action will say so itself.
    if (!supervisor || !page || supervisor.dialogs.hasPending()) return null;
    try {
      const locator = page.getByRef(ref);
      return await withTimeout(
        locator.evaluate(factsOf, undefined, { timeout: ELEMENT_READ_TIMEOUT_MS }),
        ELEMENT_READ_TIMEOUT_MS,
        "reading the element",
      );
    } catch {
      return null;
    }
  }

  gateNavigations(sessionId: string, allows: (url: string) => boolean, stopped: (url: string) => void): () => void {
    return this.supervisors.gateOf(sessionId).arm(allows, stopped);
  }
}
