/** The encounter simulator (README "Simulator": `simulate`), pure like the rest of src/rules/. */
export {
  DEFAULT_ROUND_LIMIT,
  MAX_COMBATANTS,
  MAX_ROUND_LIMIT,
  MAX_RUNS,
  SIMULATOR_ERRORS,
  SimulationInputError,
  checkEncounter,
  checkOptions,
  startingAltitude,
} from "./encounter";
export type {
  Encounter,
  EncounterCombatant,
  EncounterProblem,
  EncounterSide,
  EncounterStart,
  EncounterWeapon,
  SimulationOptions,
  SkillCheck,
} from "./encounter";
export { BLOCK_RUNS, blockCount, blockSeed, simulationDice } from "./dice";
export type { SimulationDice } from "./dice";
export { STANDARD_TACTICS, TACTIC_NAMES, inTheFight } from "./tactics";
export type { BattleChoice, RunMemory, TacticView, Tactics } from "./tactics";
export type { AttackOption, CompiledCombatant, CompiledEncounter, GrappleOption } from "./compile";
export type { Ending } from "./play";
export { simulate, wilson } from "./simulate";
export { ADVICE_BUDGET_OPTIONS, advise, forecast, localBlockRunner, widest } from "./forecast";
export { addBlockTally, blockTallyOf, playInRounds, playOnPool, simulateOnPool } from "./pool";
export type { BlockJob, BlockRunner, BlockTally, PoolOutcome, PoolSimulation, RoundDecision } from "./pool";
export type { Advice, AdviceChoice, AdviceResult, AdviseOptions, Forecast, ForecastOptions } from "./forecast";
export type { CombatantResult, Rate, SideResult, SimulateOptions, SimulationResult } from "./simulate";
export { ADVICE_TEXT, adviceReport, reportWords, showRate, simulationReport } from "./report";
export type { AdviceReport, AdviceRow, ReportText, RoundBar, ShownRate, SimulationReport } from "./report";
