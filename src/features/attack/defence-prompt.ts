/**
 * The defence prompt's dialog on a defender's owner's client (Foundry side): the handler of the GM's `attackDefend`
 * query (attack-steps.ts `answerQuery`) checks the query, the card and ownership, builds the prompt and shows it here.
 */
import type { DefenceDialog } from "./attack-io";

function paragraph(text: string): string {
  const p = document.createElement("p");
  p.textContent = text;
  return p.outerHTML;
}

/** Shows the prompt: the button chosen, or null when it was closed. */
export async function defenceDialog(prompt: DefenceDialog): Promise<string | null> {
  const choice: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: prompt.title },
    content: paragraph(prompt.body),
    buttons: prompt.buttons,
    rejectClose: false,
  });
  return typeof choice === "string" ? choice : null;
}
