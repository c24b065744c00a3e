import { describe, expect, it } from "vitest";
import { approvalMatchKey } from "../../src/domain/agent/approvals.js";

describe("what a standing approval is keyed by", () => {
  it("is the tool's name for a tool that runs no command line", () => {
    expect(approvalMatchKey("browser_navigate", '{"url":"https://example.com/"}')).toBe("browser_navigate");
    expect(approvalMatchKey("mcp__github__create_issue", '{"command":"ignored"}')).toBe("mcp__github__create_issue");
  });

  it("is the command's pattern for a shell-like tool: the program and its first word that is not an option", () => {
    expect(approvalMatchKey("shell", '{"command":"git push origin main"}')).toBe("shell:git push");
    expect(approvalMatchKey("shell", '{"command":"git reset --hard"}')).toBe("shell:git reset");
    expect(approvalMatchKey("run_command", '{"command":"/usr/bin/rm -rf /tmp/x"}')).toBe("run_command:rm");
    expect(approvalMatchKey("mcp__box__exec", '{"command":"npm install left-pad"}')).toBe("mcp__box__exec:npm install");
  });

  it("falls back to the tool's name when the arguments carry no command", () => {
    expect(approvalMatchKey("shell", "not json")).toBe("shell");
    expect(approvalMatchKey("shell", '{"command":"  "}')).toBe("shell");
    expect(approvalMatchKey("bash", null)).toBe("bash");
  });
});
