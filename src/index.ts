/** Age of Dragons: the system's entry module. Registers hooks only; the work lives in src/config/ and below. */
import { registerSystem } from "./config/register";

Hooks.once("init", () => {
  registerSystem();
});
