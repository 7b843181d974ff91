/** Registers checks: the check card's message subtype and card kind, and `rollCheck` as the action sheets and macros call. */
import { provideActions } from "../../core/actions";
import { CheckMessageModel } from "../../data/message/check-model";
import { rollCheck } from "./roll-check";
import { registerCheckCard } from "./check-card";

/** Call in `init`. */
export function registerChecks(): void {
  CONFIG.ChatMessage.dataModels.check = CheckMessageModel;
  provideActions({ rollCheck });
  registerCheckCard();
}
