/**
 * Cross-user requests, the Foundry side (docs/COMBAT.md "Requests"). A player asks for a change it may not make
 * itself by creating a `request` ChatMessage that it authors; the server records the author, so the active GM's
 * client knows who asked without trusting the payload. That client alone (game.users.activeGM) runs the request
 * through the registry (parse, gather, validate, apply) and writes the verdict back onto the message, which the
 * card shows. With no active GM the request waits and says so; the next GM to become active handles it. The
 * GM-only ledger (ledger.ts) makes sure no request is handled twice (handle.ts); each kind runs as an operation of
 * the write queue (core/writes/write-queue.ts).
 */
import { SYSTEM_ID } from "../../constants/system-id";
import { RequestMessageModel } from "../../data/message/request-model";
import { readLedger } from "./ledger";
import { handleRequest } from "./handle";
import { lookForTakeOver } from "../writes/hand-over";
import { REQUESTS, isOwnRefusal, shouldProcess } from "./registry";
import { registerCard } from "../cards/card-hook";
import { postCard } from "../cards/post-card";
import { templatePath } from "../../constants/template-paths";
import { i18nFormat } from "../i18n";
import { requestCardContext, requestStatusLine } from "./request-card-context";

/** The hidden world setting that holds the ledger. */
export const LEDGER_SETTING = "requestLedger";

/** The ChatMessage subtype of requests. */
export const REQUEST_TYPE = "request";

const inFlight = new Set<string>();
let queue: Promise<void> = Promise.resolve();

function requestData(message: ChatMessage.Implementation): RequestMessageModel | undefined {
  return message.system instanceof RequestMessageModel ? message.system : undefined;
}

function activeGMId(): string | null {
  return game.users.activeGM?.id ?? null;
}

/** Whether this client is the active GM's: the one client that carries out requests and walks the round. */
export function isActiveGM(): boolean {
  return game.users.activeGM?.isSelf === true;
}

/**
 * Asks the active GM for a change: posts a request message authored by this user, whispered to the GMs, and
 * returns it. `summary` is the localised line the card shows. With no GM connected the request waits (the card
 * says so) and this user is told once.
 */
export async function sendRequest(kind: string, payload: Record<string, unknown>, summary: string): Promise<ChatMessage.Implementation | undefined> {
  if (!REQUESTS.has(kind)) throw new Error(`unknown request kind ${kind}`);
  if (activeGMId() === null) ui.notifications.info(game.i18n.localize("AOD.Request.NoGM"));
  return postCard({
    type: REQUEST_TYPE,
    system: { kind, payload, summary, status: "pending", reason: "", reasonData: {} },
    whisper: ChatMessage.getWhisperRecipients("GM").map((u) => u.id),
    speaker: ChatMessage.getSpeaker(),
  } as ChatMessage.CreateData);
}

async function handle(message: ChatMessage.Implementation): Promise<void> {
  const data = requestData(message);
  // Typed as always set, but the author may have been deleted since the request was written.
  const author = message.author as User.Implementation | null;
  if (!data || !message.id) return;
  const id = message.id;
  await handleRequest(
    {
      ledger: () => readLedger(game.settings.get(SYSTEM_ID, LEDGER_SETTING)),
      saveLedger: async (ledger) => {
        await game.settings.set(SYSTEM_ID, LEDGER_SETTING, ledger);
      },
      now: () => Date.now(),
      process: (kind, payload, requester) =>
        REQUESTS.process(kind, payload, requester, (error) => {
          console.error(`${SYSTEM_ID} | request ${id} (${data.kind}) from ${requester.name} failed`, error);
        }),
      answer: async (verdict) => {
        if (!verdict.ok) console.warn(`${SYSTEM_ID} | request ${id} (${data.kind}) from ${author?.name ?? "?"} refused: ${verdict.reason}`, data.payload);
        await message.update({
          system: verdict.ok
            ? { status: "applied", reason: "", reasonData: {} }
            : { status: "refused", reason: verdict.reason, reasonData: verdict.data ?? {} },
        } as ChatMessage.UpdateData);
      },
    },
    {
      id,
      timestamp: message.timestamp,
      kind: data.kind,
      payload: data.payload,
      author: author ? { id: author.id ?? "", name: author.name, isGM: author.isGM } : null,
    },
  );
}

/** Queues a request message for handling when this client is the active GM and it is pending and new. */
function consider(message: ChatMessage.Implementation): void {
  const data = requestData(message);
  if (!data || !message.id) return;
  const id = message.id;
  if (!shouldProcess({ id, status: data.status }, { userId: game.user.id, activeGMId: activeGMId() }, inFlight)) return;
  inFlight.add(id);
  queue = queue
    .then(() => handle(message))
    .catch((error: unknown) => {
      console.error(`${SYSTEM_ID} | request ${id} could not be handled`, error);
    })
    .finally(() => {
      inFlight.delete(id);
    });
}

/** Handles every pending request in the chat log, oldest first (a GM just became the active GM). */
function sweep(): void {
  if (activeGMId() !== game.user.id) return;
  const pending = game.messages.contents.filter((m) => requestData(m)?.status === "pending");
  for (const message of pending.sort((a, b) => a.timestamp - b.timestamp)) consider(message);
}

/** The localised status line of a request card (request-card-context.ts). */
function statusLine(data: RequestMessageModel): string {
  return requestStatusLine(data, activeGMId() !== null, i18nFormat);
}

/** Registers the request subtype, the ledger setting and the hooks (call in `init`). */
export function registerRequests(): void {
  Object.assign(CONFIG.ChatMessage.dataModels, { [REQUEST_TYPE]: RequestMessageModel });
  Hooks.on("createChatMessage", (message) => {
    consider(message);
  });
  // Hand-over (core/writes/hand-over.ts): a client that has just become the active GM first finishes what its
  // predecessor left half-done, then handles every request still pending.
  const look = async (): Promise<void> => {
    await lookForTakeOver(isActiveGM(), (error) => {
      console.error(`${SYSTEM_ID} | taking over as the active GM failed in part`, error);
    });
    sweep();
  };
  Hooks.once("ready", () => void look());
  Hooks.on("userConnected", () => void look());
  Hooks.on("updateUser", () => void look());
  Hooks.on("updateChatMessage", (message) => {
    const data = requestData(message);
    // Typed as always set, but the author may have been deleted since the request was written.
    const author = message.author as User.Implementation | null;
    if (data && isOwnRefusal(data.status, author?.id, game.user.id)) ui.notifications.warn(statusLine(data));
  });
  // The request card (templates/core/requests/request-card.hbs), drawn from the message's status on every render.
  registerCard(REQUEST_TYPE, {
    template: templatePath("core/requests/request-card.hbs"),
    context: (message) => {
      const data = requestData(message);
      if (!data) throw new Error("a request message without its request data");
      return requestCardContext(data, activeGMId() !== null, i18nFormat);
    },
  });
}
