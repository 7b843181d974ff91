/**
 * The system's id, the one home of the name Foundry knows it by: its folder under Data/systems, the scope of its
 * settings and flags, the prefix of its queries and compendium UUIDs. Pure: no Foundry globals, so the Node tools
 * and vite.config.ts read it too.
 */

/** The system id (system.json `id`). */
export const SYSTEM_ID = "age-of-dragons";

/** Where the installed system's files are served from: `systems/age-of-dragons/`. */
export const SYSTEM_PATH = `systems/${SYSTEM_ID}/`;

/** The file vite builds and system.json `esmodules` names. */
export const SYSTEM_MODULE = `${SYSTEM_ID}.mjs`;
