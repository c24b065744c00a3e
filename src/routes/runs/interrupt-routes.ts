/**
 * @module interrupt-routes
 * The session's one queue of interrupts — approvals, client tool calls, page dialogs — listed and each answered
 * through one route whatever its kind.
 */
import { createRoute } from "@hono/zod-openapi";
import type { AnyInterruptAnswer } from "../../domain/use-cases/interrupts.js";
import { HttpError } from "../../http/errors.js";
import { createRouter } from "../../http/router.js";
import { jsonBody } from "../shared/json-content.js";
import { SessionIdParam } from "../shared/params.js";
import { problemResponses } from "../shared/problem-responses.js";
import { jsonAnswer, postAnswer } from "../shared/success-responses.js";
import { InterruptAnswerBody, InterruptAnswered, InterruptList, InterruptParams } from "./schemas.js";
import { requires } from "../../http/route-access.js";

const listInterrupts = createRoute({
  method: "get",
  path: "/v1/sessions/{id}/interrupts",
  operationId: "listInterrupts",
  security: requires("sessions:read"),
  tags: ["runs"],
  summary: "Everything waiting on a person or the client: approvals, client tool calls, page dialogs",
  description: "Each entry names the route that answers it (`answer_route`).",
  request: { params: SessionIdParam },
  responses: {
    200: jsonAnswer("The pending interrupts", InterruptList),
    ...problemResponses({ codes: ["not_found"] }),
  },
});

const answerInterrupt = createRoute({
  method: "post",
  path: "/v1/sessions/{id}/interrupts/{interrupt_id}",
  operationId: "answerInterrupt",
  security: requires("sessions:write"),
  tags: ["runs"],
  summary: "Answer an interrupt of any kind",
  description:
    "`{decision: approve | deny, reason?}` answers an approval, `{outputs: [{tool_call_id, output}]}` the client's " +
    "tool calls, `{action: accept | dismiss, prompt_text?}` a page dialog (`d-N`). Once a run's interrupts are all " +
    "answered it resumes.",
  request: {
    params: InterruptParams,
    body: { required: true, content: jsonBody(InterruptAnswerBody, { decision: "approve" }) },
  },
  responses: {
    200: postAnswer("The interrupt, answered", InterruptAnswered),
    ...problemResponses({
      codes: [
        "not_found",
        "interrupt_not_found",
        "interrupt_already_answered",
        "tool_outputs_mismatch",
        "dialog_not_found",
        "no_dialog_open",
      ],
      body: true,
      idempotent: true,
    }),
  },
});

/** The one kind of answer a body carries; a body with none or with several is refused, naming the fields. */
function answerOf(body: {
  decision?: "approve" | "deny";
  reason?: string | null;
  scope?: "once" | "session" | "always";
  outputs?: Array<{ tool_call_id: string; output: string }>;
  action?: "accept" | "dismiss";
  prompt_text?: string;
}): AnyInterruptAnswer {
  const kinds = (["decision", "outputs", "action"] as const).filter((key) => body[key] !== undefined);
  if (kinds.length !== 1) {
    throw new HttpError(
      "validation_failed",
      kinds.length === 0
        ? "send one answer: decision (approval), outputs (client tools) or action (dialog)"
        : `send one kind of answer, not ${kinds.join(" and ")}`,
      {
        errors: (kinds.length ? kinds : ["decision"]).map((key) => ({
          location: `body.${key}`,
          message: "exactly one of decision, outputs, action",
        })),
      },
    );
  }
  if (body.decision !== undefined) return { decision: body.decision, reason: body.reason ?? null, scope: body.scope };
  if (body.outputs !== undefined) return { outputs: body.outputs };
  return { action: body.action!, prompt_text: body.prompt_text };
}

export function interruptRoutes() {
  const router = createRouter();

  router.openapi(listInterrupts, async (c) => {
    const { useCases } = c.get("services");
    return c.json({ data: await useCases.listInterrupts(c.req.valid("param").id) }, 200);
  });

  router.openapi(answerInterrupt, async (c) => {
    const { useCases } = c.get("services");
    const { id, interrupt_id: interruptId } = c.req.valid("param");
    const interrupt = await useCases.answerInterrupt(id, interruptId, answerOf(c.req.valid("json")));
    return c.json({ interrupt }, 200);
  });

  return router;
}
