// Flat ESLint config: type-checked strict TypeScript everywhere, and a pure rules layer (the other layers are
// checked by tools/check-layers.ts, the end of `npm run lint`).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "build/**", "node_modules/**", "coverage/**", "test-output/**"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked.map((config) => ({ ...config, files: ["**/*.ts"] })),
  {
    files: ["**/*.ts"],
    languageOptions: {
      // The project service finds each file's project through tsconfig.json's references and builds each
      // program once for the whole run.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true, allowBoolean: true }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "always"],
      "no-console": "off",
    },
  },
  {
    // src/rules/ is pure: it may import only from src/rules/.
    files: ["src/rules/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/constants/**", "**/data", "**/data/**", "**/core/**", "**/documents/**", "**/features/**",
                "**/config/**", "**/cli/**"],
              message: "src/rules/ may import only from src/rules/.",
            },
            { group: ["node:*", "fs", "path", "os", "crypto"], message: "src/rules/ may not use Node APIs." },
            { regex: "^[^.]", message: "src/rules/ may import only from src/rules/ (no packages)." },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        "game", "foundry", "CONFIG", "Hooks", "ui", "canvas", "document", "window", "globalThis",
      ],
    },
  },
);
