// Foundry v13's four roll modes with the labels its own en.json gives them (the dialog receives them localised).
export const ROLL_MODES = {
  publicroll: "Public Roll",
  gmroll: "Private GM Roll",
  blindroll: "Blind GM Roll",
  selfroll: "Self Roll",
} as const;
