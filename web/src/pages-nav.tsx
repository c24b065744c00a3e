/**
 * @module web/pages-nav
 * The header's links to the pages beside the sessions — Memory, Jobs and Usage for every key, Keys for an admin — with
 * who the page is signed in as, and the page shown in the main column when one is open.
 */
import { openPage, pathOf, type Page } from "./admin-route.js";
import { callerLabel, type CallerInfo } from "./caller.js";
import { JobsPage } from "./jobs-page.js";
import { KeysPage } from "./keys-page.js";
import { MemoryPage } from "./memory-page.js";
import { UsagePage } from "./usage-page.js";
import "./pages.css";

export function PagesNav(props: { caller: CallerInfo | null; page: Page | null }) {
  const { caller, page } = props;
  const link = (target: Page | null, label: string) => (
    <a
      href={target ? pathOf(target) : "/ui/"}
      aria-current={page === target ? "page" : undefined}
      onClick={(event) => {
        event.preventDefault();
        openPage(target);
      }}
    >
      {label}
    </a>
  );
  return (
    <nav class="pages" aria-label="Pages">
      {link(null, "Sessions")}
      {link("memory", "Memory")}
      {link("jobs", "Jobs")}
      {link("usage", "Usage")}
      {caller?.admin && link("keys", "Keys")}
      {caller && <span class="signed-in-as">Signed in as {callerLabel(caller)}</span>}
    </nav>
  );
}

export function PageView(props: { page: Page; caller: CallerInfo | null }) {
  if (props.page === "keys") return props.caller?.admin ? <KeysPage /> : <p>The keys page needs an admin key.</p>;
  if (props.page === "memory") return <MemoryPage />;
  if (props.page === "jobs") return <JobsPage />;
  return <UsagePage admin={props.caller?.admin ?? false} />;
}
