/** Registers every setting declared in settings-table.ts, in one loop (call in `init`). */
import { SETTINGS, settingChoiceKey, settingKey } from "./settings-table";
import type { SettingSpec, SettingValues } from "./settings-table";
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

type Listener = (value: unknown) => void;
const listeners = new Map<keyof SettingValues, Listener[]>();

/** What a feature does when one of its settings changes (call in `init`, before or after `registerSettings`). */
export function onSettingChange(key: keyof SettingValues, listener: Listener): void {
  listeners.set(key, [...(listeners.get(key) ?? []), listener]);
}

/** The registration of one setting of the table: its type, choices or range, and labels when it is shown. */
function registration(key: keyof SettingValues) {
  const spec: SettingSpec = SETTINGS[key];
  const shown = !("hidden" in spec);
  const common = {
    scope: "world" as const,
    config: shown,
    ...(shown ? { name: settingKey(key, "name"), hint: settingKey(key, "hint") } : {}),
    onChange: (value: unknown) => {
      for (const listener of listeners.get(key) ?? []) listener(value);
    },
  };
  switch (spec.kind) {
    case "choice":
      return { ...common, type: String, choices: choiceLabels(key, spec.choices), default: spec.default };
    case "boolean":
      return { ...common, type: Boolean, default: spec.default };
    case "integer":
      return { ...common, type: Number, range: { min: spec.min, max: spec.max, step: 1 }, default: spec.default };
    case "text":
      return { ...common, type: String, default: spec.default };
    // A DataField as the type: core's settings dialog renders the field's own input, here a RollTable picker
    // (drag a table from the sidebar or a compendium). It stores a UUID string, as the plain text setting did.
    case "document":
      return { ...common, type: eventsTableField(), default: spec.default };
    case "object":
      return { ...common, type: new foundry.data.fields.ObjectField(), default: { ...spec.default } };
  }
}

/** The settings API as this loop uses it: one registration per key of the table. */
type Register = (namespace: string, key: string, data: ReturnType<typeof registration>) => void;

/** Registers every setting of the table (call in `init`): world settings, shown in the dialog unless hidden. */
export function registerSettings(): void {
  const register = game.settings.register.bind(game.settings) as unknown as Register;
  for (const key of Object.keys(SETTINGS) as (keyof SettingValues)[]) register(SYSTEM_ID, key, registration(key));
  showEventsTableStatus();
}
