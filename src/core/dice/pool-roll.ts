/**
 * The pool roll: a Foundry Roll of `Nd6cs>=T` (so Dice So Nice animates it and the chat log keeps it), shown
 * with every die, the successes marked, and the TN and count in words. Core's own `/r 5d6cs>=4` is untouched:
 * this class is added to CONFIG.Dice.rolls beside core's Roll, and only the system's checks create it.
 */
import { countSuccesses } from "../../rules";
import { templatePath } from "../../constants/template-paths";
import { parsePoolFormula, poolFormula } from "./pool-formula";
import type { PoolSpec } from "./pool-formula";
import { poolResult } from "./pool-result";

/** A pool of d6 rolled against a TN. */
export class PoolRoll extends foundry.dice.Roll {
  /** The chat template of a pool roll (every die, marks, the sentence). */
  static override CHAT_TEMPLATE = templatePath("core/dice/pool-roll.hbs");

  /** A pool roll for a planned check (pool 1..30, any whole TN). */
  static fromPool(spec: PoolSpec): PoolRoll {
    return new PoolRoll(poolFormula(spec));
  }

  /** The TN the formula states. */
  get tn(): number {
    return parsePoolFormula(this.formula)?.tn ?? 6;
  }

  /** The faces rolled, in order (empty before evaluation). */
  get faces(): number[] {
    const die = this.dice[0];
    if (die === undefined) return [];
    return die.results.filter((result) => result.active).map((result) => result.result);
  }

  /** The successes, counted by the rules from the faces. */
  get successes(): number {
    return countSuccesses(this.faces, this.tn);
  }

  override async render(options: Parameters<foundry.dice.Roll["render"]>[0] = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate({ allowInteractive: options.isPrivate !== true });
    const isPrivate = options.isPrivate === true;
    const context = {
      flavor: isPrivate ? null : options.flavor ?? null,
      isPrivate,
      // Secondary: the summary's tooltip ("4d6cs>=5"); the card says the pool and TN in words.
      formula: isPrivate ? "" : this.formula,
      result: isPrivate ? null : poolResult(this.faces, this.tn),
    };
    return foundry.applications.handlebars.renderTemplate(options.template ?? PoolRoll.CHAT_TEMPLATE, context);
  }
}
