/**
 * The combatant config: v13's CombatantConfig (what core's "Update Combatant" context entry opens) with one more
 * part, the d10 round's side and speed overrides, each showing the default a blank falls back to, and the tactics it
 * plays in the simulator's forecast and advice. The form is core's: the inputs are named `system.side`,
 * `system.speed` and `system.tactics`, so core's submit writes them; the Combatant's
 * _preUpdate refuses bad text (combatant-overrides.ts). A tactics name neither standard nor the table's module's is
 * warned about under its field as the GM types it (src/core/tactics-warning.ts; the module's names come from a
 * simulator worker, through the `tableTactics` action).
 */
import { CombatantModel } from "../../data/combat/combatant-model";
import { checkSpeed } from "../../data/combat/combatant-overrides";
import { AgeOfDragonsCombatant } from "../../documents/combatant";
import { SYSTEM_ID } from "../../constants/system-id";
import { templatePath } from "../../constants/template-paths";
import { i18nFormat } from "../../core/i18n";
import { featureAction } from "../../core/actions";
import { tacticsRefused, tacticsWarning, watchTacticsField } from "../../core/tactics-warning";
import type { ModuleTactics } from "../../core/tactics-warning";
import { moduleOf, sideSpeedContext, tacticsContext } from "./combatant-config-context";

const Base = foundry.applications.sheets.CombatantConfig;

/** The parts: core's, with the side and speed part just before the footer (if core has one). */
function parts(): Record<string, unknown> {
  const core = Base.PARTS as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [id, part] of Object.entries(core)) if (id !== "footer") out[id] = part;
  out.aodSideSpeed = { template: templatePath("round/combatant-side-speed.hbs") };
  if ("footer" in core) out.footer = core.footer;
  return out;
}

/** The Age of Dragons combatant config. */
export class AgeOfDragonsCombatantConfig extends Base {
  static override PARTS = parts() as unknown as typeof Base.PARTS;

  /** What the table's tactics module offers, as last asked (the typed name is checked against it). */
  #module: ModuleTactics = { kind: "none" };

  protected override async _preparePartContext(
    partId: string,
    context: foundry.applications.api.ApplicationV2.RenderContextOf<this>,
    options: Parameters<InstanceType<typeof Base>["_preparePartContext"]>[2],
  ): Promise<foundry.applications.api.ApplicationV2.RenderContextOf<this>> {
    const prepared = await super._preparePartContext(partId, context, options);
    if (partId !== "aodSideSpeed") return prepared;
    const combatant = this.document;
    const own = combatant.system instanceof CombatantModel ? combatant.system.stored : { side: "", speed: "", tactics: "" };
    const speed = checkSpeed(own.speed);
    const aod = combatant instanceof AgeOfDragonsCombatant ? combatant : null;
    const actorSpeed = aod?.body?.speed ?? null;
    // docs/SIMULATOR.md "A table's tactics module": its names can be typed only while the world has one set.
    const moduleSet = game.settings.get(SYSTEM_ID, "simulatorTacticsModule").trim() !== "";
    // The module's names, from a worker (the GM's only: players cannot edit the field).
    this.#module = moduleOf(moduleSet && game.user.isGM ? { moduleSet, module: await featureAction("tableTactics")() } : { moduleSet });
    // Nested under one key, so nothing of core's context for its own parts is overwritten.
    Object.assign(prepared as unknown as Record<string, unknown>, {
      aod: { id: combatant.id ?? "new", ...sideSpeedContext(
        {
          side: own.side,
          speed: speed.ok ? speed.value : "",
          group: aod?.groupName ?? null,
          disposition: combatant.token?.disposition ?? null,
          actorSpeed,
          editable: game.user.isGM,
        },
        i18nFormat,
      ), tactics: tacticsContext({ tactics: own.tactics, moduleSet, module: this.#module, editable: game.user.isGM }, i18nFormat) },
    });
    return prepared;
  }

  protected override async _onRender(
    context: foundry.applications.api.ApplicationV2.RenderContextOf<this>,
    options: Parameters<InstanceType<typeof Base>["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    const field = this.element.querySelector<HTMLInputElement | HTMLSelectElement>('[name="system.tactics"]');
    const warning = field ? this.element.querySelector<HTMLElement>(".aod-tactics-warning") : null;
    if (!field || !warning) return;
    // Said at once, as the GM types: the same words the context gave for the stored name.
    const module = this.#module;
    watchTacticsField(field, warning, warning, (typed) => tacticsWarning(typed, module, i18nFormat), (typed) => tacticsRefused(typed, module));
  }
}

/** Makes it the default sheet of every combatant (call in `init`). */
export function registerCombatantConfig(): void {
  foundry.applications.apps.DocumentSheetConfig.registerSheet(Combatant, SYSTEM_ID, AgeOfDragonsCombatantConfig, {
    makeDefault: true,
    label: "AOD.Combat.Combatant.SheetLabel",
  });
}
