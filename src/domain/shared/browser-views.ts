/**
 * @module browser-views
 * The browser's state as clients see it — pending and closed dialogs, the frame tree, console entries, the
 * snapshot — and the bounds on how much of each is kept.
 */
export type DialogType = "alert" | "confirm" | "prompt" | "beforeunload";
/** Who closed a dialog: the agent (its browser_dialog tool), a person or client (the API, the inspector), the policy,
 * the must_respond watchdog, or the browser itself. */
export type ClosedBy = "agent" | "user" | "auto_policy" | "watchdog" | "remote";
export type DialogAction = "accept" | "dismiss";

/** A dialog blocking a frame, as shown to clients (text already redacted). */
export type PendingDialogView = {
  id: string;
  type: DialogType;
  message: string;
  default_prompt: string;
  opened_at: string;
  frame_id: string | null;
  /** `native` (a real JS dialog) or `bridge` (an alert/confirm/prompt held as an intercepted request). */
  via: "native" | "bridge";
  /** When the must_respond watchdog dismisses it if nobody answers; null under an auto policy. */
  expires_at: string | null;
};

export type ClosedDialogView = {
  id: string;
  type: DialogType;
  message: string;
  opened_at: string;
  closed_at: string;
  closed_by: ClosedBy;
  frame_id: string | null;
  action: DialogAction | null;
};

export type FrameView = {
  frame_id: string;
  url: string;
  origin: string;
  is_oopif: boolean;
  parent_frame_id: string | null;
  name?: string;
  session_id?: string;
};

export type FrameTreeView = {
  top: { frame_id: string; url: string; origin: string } | null;
  children: FrameView[];
  truncated: boolean;
};

/** A tab as clients and the model see it. */
export type TabView = { tab_id: string; url: string; title: string | null; active: boolean };

/** A console message or exception; `tab_id` names the tab it came from (absent for the supervisor's own notes). */
export type ConsoleEntry = { level: string; text: string; url: string | null; ts: string; tab_id?: string };

export type BrowserSnapshot = {
  active: boolean;
  url: string | null;
  title: string | null;
  pending_dialogs: PendingDialogView[];
  recent_dialogs: ClosedDialogView[];
  frame_tree: FrameTreeView;
  console: ConsoleEntry[];
  /** The tab actions, the outline and the frame tree refer to. */
  active_tab_id: string | null;
  tabs: TabView[];
  /** Whether a person holds the browser (POST /browser/input); the agent's actions wait until it is released. */
  taken_over: boolean;
};

export const RECENT_DIALOGS_MAX = 20;
export const CONSOLE_HISTORY_MAX = 50;
export const FRAME_TREE_MAX_ENTRIES = 30;
export const FRAME_TREE_MAX_OOPIF_DEPTH = 2;
