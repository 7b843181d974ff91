/**
 * The one way the system posts a chat message (README "Chat cards"): `postCard` creates it with core's
 * ChatMessage.create, unchanged data and options (an id of its own with `keepId`, whispers, rolls), and fills a
 * card's `content` when the caller gave none: the card drawn once from its data, kept as the message's text for
 * modules, search and exports. What the chat shows is drawn again from the stored data on every render
 * (card-hook.ts).
 */
import { SYSTEM_ID } from "../../constants/system-id";
import { CARDS, FOUNDRY_DRAW } from "./card-hook";
import { cardKindOf, cardMarkup } from "./card-registry";

/**
 * The content a card's message keeps as text: its registered template rendered from `message` (a draft built from
 * the create data, or a changed copy); "" when it is of no registered kind or does not read.
 */
export async function cardContent(message: ChatMessage.Implementation): Promise<string> {
  const kind = cardKindOf(message);
  const spec = kind === null ? undefined : CARDS.get(kind);
  if (!spec) return "";
  try {
    return (await cardMarkup(spec, message, FOUNDRY_DRAW.render)) ?? "";
  } catch (error) {
    console.warn(`${SYSTEM_ID} | the ${kind ?? "?"} card's text could not be drawn`, error);
    return "";
  }
}

/**
 * A message built from a copy of the create data without saving it, to draw its card's text (a document cleans the
 * data it is built from: the data posted stays as the caller made it).
 */
function draft(data: ChatMessage.CreateData): ChatMessage.Implementation | null {
  const Message = ChatMessage.implementation as unknown as new (data: ChatMessage.CreateData) => ChatMessage.Implementation;
  try {
    return new Message(foundry.utils.deepClone(data));
  } catch (error) {
    // The text is a courtesy: the message is posted (and drawn on render) without it.
    console.warn(`${SYSTEM_ID} | a card's text could not be drawn before posting`, error);
    return null;
  }
}

/**
 * Posts a chat message: every ChatMessage.create of the system is this one (a test reads src/ for it). `content`,
 * when absent, is the card's text drawn from `data`.
 */
export async function postCard(
  data: ChatMessage.CreateData,
  options: { keepId?: boolean } = {},
): Promise<ChatMessage.Implementation | undefined> {
  const preview = data.content === undefined ? draft(data) : null;
  const content = data.content ?? (preview === null ? "" : await cardContent(preview));
  return (await ChatMessage.create({ ...data, content }, options)) ?? undefined;
}
