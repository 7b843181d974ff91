/** Registers the pool roll, so chat messages rebuild it and Dice So Nice animates it. */
import { PoolRoll } from "./pool-roll";

/** Adds PoolRoll to CONFIG.Dice.rolls beside core's Roll (core stays first: `/r` keeps making core rolls). */
export function registerDice(): void {
  if (!CONFIG.Dice.rolls.includes(PoolRoll)) CONFIG.Dice.rolls.push(PoolRoll);
}
