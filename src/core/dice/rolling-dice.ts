/**
 * A DiceSource (README "Simulator") that rolls real Foundry Rolls through the roll pipeline (core/rolls/pipeline.ts),
 * so every die the engine asks for in initiative, speed, combat events, the End Phase and surprise is a Roll that
 * the roll hooks, Dice So Nice and the chat log see; the rolls are kept to put on the card.
 */
import type { RollKind } from "../rolls/roll-config";
import { PipelineDice } from "../rolls/pipeline";
import { foundryRollEnv } from "../rolls/foundry-rolls";

/** Rolls real `Nd<faces>` Rolls for the engine, each through the pipeline as a roll of `kind`, and keeps them. */
export class RollingDice extends PipelineDice<Roll> {
  constructor(kind: RollKind) {
    super(kind, foundryRollEnv());
  }
}
