/**
 * A DiceSource (README "Simulator") that rolls real Foundry Rolls, so every die the engine asks for in
 * initiative, combat events, crashes and surprise is a Roll that Dice So Nice and the chat log show; the rolls are
 * kept to put on the card.
 */
import type { DiceSource } from "../../rules/types";

/** Rolls real `Nd<faces>` Rolls for the engine and keeps them. */
export class RollingDice implements DiceSource {
  readonly rolls: Roll[] = [];

  async roll(count: number, faces: 6 | 10 | 20): Promise<number[]> {
    const roll = await new Roll(`${count}d${faces}`).evaluate();
    this.rolls.push(roll);
    return roll.dice.flatMap((die) => die.results.map((r) => r.result));
  }
}
