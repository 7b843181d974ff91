/** Age of Dragons: the system's entry module. Registers hooks only; the work lives in the layers below. */
import * as rules from "./rules";

Hooks.once("init", () => {
  console.log("age-of-dragons | init", Object.keys(rules).length);
});
