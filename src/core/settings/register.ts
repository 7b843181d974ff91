/** Registers the world settings declared in settings-table.ts (call in `init`). */
import { SETTINGS, settingChoiceKey, settingKey } from "./settings-table";
import { SYSTEM_ID } from "../../constants/system-id";
import { eventsTableStatusLine } from "./combat-settings";

/** Hooks as v13 calls them for an ApplicationV2 render (app, element); the types in use know the older form. */
const untypedHooks = Hooks as unknown as { on(hook: string, fn: (app: unknown, html: HTMLElement) => void): number };

/**
 * Under the combat events table picker, the settings dialog names the table in use (or says the chosen one is not
 * found): the picker itself may show only a UUID for a table it cannot index.
 */
function showEventsTableStatus(): void {
  untypedHooks.on("renderSettingsConfig", (_app, html) => {
    const field = html.querySelector(`[name="${SYSTEM_ID}.combatEventsTable"]`);
    const group = field?.closest(".form-group");
    if (!group) return;
    void eventsTableStatusLine().then((text) => {
      group.querySelector(".aod-setting-status")?.remove();
      const line = document.createElement("p");
      line.className = "hint aod-setting-status";
      line.setAttribute("role", "status");
      line.textContent = text;
      group.append(line);
    });
  });
}

/** The combat events table setting's field: one RollTable UUID (world or compendium), or null for the system's. */
function eventsTableField() {
  return new foundry.data.fields.DocumentUUIDField({ type: SETTINGS.combatEventsTable.documentName, embedded: false, nullable: true });
}

/** The type of that field, for the setting's declaration (src/types/fvtt-configuration.ts). */
export type EventsTableField = ReturnType<typeof eventsTableField>;

function choiceLabels(key: keyof typeof SETTINGS, choices: readonly string[]): Record<string, string> {
  return Object.fromEntries(choices.map((value) => [value, settingChoiceKey(key, value)]));
}

/** Registers every setting of the table as a world setting shown in the configuration dialog. */
export function registerSettings(): void {
  const common = { scope: "world", config: true } as const;
  const label = (key: keyof typeof SETTINGS) => ({ name: settingKey(key, "name"), hint: settingKey(key, "hint") });
  const {
    initiativeMode,
    crashSurface,
    newCombatantDistance,
    surpriseEffects,
    stealthyModifier,
    combatEventsTable,
    combatEventsCap,
    attackModifierDice,
    attackModifierTN,
  } = SETTINGS;
  game.settings.register(SYSTEM_ID, "initiativeMode", {
    ...common,
    ...label("initiativeMode"),
    type: String,
    choices: choiceLabels("initiativeMode", initiativeMode.choices),
    default: initiativeMode.default,
  });
  game.settings.register(SYSTEM_ID, "crashSurface", {
    ...common,
    ...label("crashSurface"),
    type: String,
    choices: choiceLabels("crashSurface", crashSurface.choices),
    default: crashSurface.default,
  });
  game.settings.register(SYSTEM_ID, "newCombatantDistance", {
    ...common,
    ...label("newCombatantDistance"),
    type: String,
    choices: choiceLabels("newCombatantDistance", newCombatantDistance.choices),
    default: newCombatantDistance.default,
  });
  game.settings.register(SYSTEM_ID, "surpriseEffects", {
    ...common,
    ...label("surpriseEffects"),
    type: Boolean,
    default: surpriseEffects.default,
  });
  game.settings.register(SYSTEM_ID, "stealthyModifier", {
    ...common,
    ...label("stealthyModifier"),
    type: Number,
    range: { min: stealthyModifier.min, max: stealthyModifier.max, step: 1 },
    default: stealthyModifier.default,
  });
  // A DataField as the type: core's settings dialog renders the field's own input, here a RollTable picker
  // (drag a table from the sidebar or a compendium). It stores a UUID string, as the plain text setting did.
  game.settings.register(SYSTEM_ID, "combatEventsTable", {
    ...common,
    ...label("combatEventsTable"),
    type: eventsTableField(),
    default: combatEventsTable.default,
  });
  game.settings.register(SYSTEM_ID, "combatEventsCap", {
    ...common,
    ...label("combatEventsCap"),
    type: Number,
    range: { min: combatEventsCap.min, max: combatEventsCap.max, step: 1 },
    default: combatEventsCap.default,
  });
  game.settings.register(SYSTEM_ID, "attackModifierDice", {
    ...common,
    ...label("attackModifierDice"),
    type: Number,
    range: { min: attackModifierDice.min, max: attackModifierDice.max, step: 1 },
    default: attackModifierDice.default,
  });
  game.settings.register(SYSTEM_ID, "attackModifierTN", {
    ...common,
    ...label("attackModifierTN"),
    type: Number,
    range: { min: attackModifierTN.min, max: attackModifierTN.max, step: 1 },
    default: attackModifierTN.default,
  });
  showEventsTableStatus();
}
