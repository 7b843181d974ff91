/**
 * The typecheck and the type-checked lint over the same TypeScript programs (tools/typecheck-lint.ts): each
 * program of the solution (tsconfig.json's references) is built once, its diagnostics reported as `tsc -b` would
 * report them, and ESLint is handed the built programs (typescript-eslint's `parserOptions.programs`) instead of
 * building its own through the project service. Checking a whole program first also makes the lint cheaper: the
 * type-aware rules then read types the checker has already worked out.
 */
import { relative, resolve } from "node:path";
import ts from "typescript";
import { ESLint } from "eslint";

/** The projects of a solution tsconfig (its references), as absolute paths to their tsconfig files. */
export function solutionProjects(root: string, solution = "tsconfig.json"): string[] {
  const file = resolve(root, solution);
  const { config, error } = ts.readConfigFile(file, (path) => ts.sys.readFile(path)) as { config?: { references?: { path: string }[] }; error?: ts.Diagnostic };
  if (error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  return (config?.references ?? []).map((reference) => {
    const path = resolve(root, reference.path);
    return path.endsWith(".json") ? path : resolve(path, "tsconfig.json");
  });
}

/** A tsconfig file read and resolved: its options and root files, or the diagnostics that stopped it. */
export function parseProject(configFile: string): ts.ParsedCommandLine {
  let fatal: ts.Diagnostic | undefined;
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => { fatal = diagnostic; },
  });
  if (parsed === undefined) {
    throw new Error(`${configFile}: ${fatal === undefined ? "cannot be read" : ts.flattenDiagnosticMessageText(fatal.messageText, "\n")}`);
  }
  return parsed;
}

/**
 * A compiler host whose source files are shared by every program built with it in this process, as the
 * language service's document registry shares them between projects: a library file or a src/rules/ module
 * several programs include is read, parsed and bound once. Keyed by the parse settings, so a file parsed for
 * another language version or module format is parsed again.
 */
export function sharedHost(): (options: ts.CompilerOptions) => ts.CompilerHost {
  const files = new Map<string, ts.SourceFile | undefined>();
  return (options) => {
    // Parent pointers set while parsing: typescript-eslint walks up the TypeScript tree.
    const host = ts.createCompilerHost(options, true);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, settings, onError, shouldCreate) => {
      const version = typeof settings === "object" ? `${settings.languageVersion}/${settings.impliedNodeFormat ?? ""}` : String(settings);
      const key = `${version}:${fileName}`;
      if (!shouldCreate && files.has(key)) return files.get(key);
      const file = read(fileName, settings, onError, shouldCreate);
      files.set(key, file);
      return file;
    };
    return host;
  };
}

/** Builds one project's program with a host from sharedHost. */
export function buildProgram(parsed: ts.ParsedCommandLine, host: (options: ts.CompilerOptions) => ts.CompilerHost): ts.Program {
  const options: ts.CompilerOptions = parsed.options;
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options,
    host: host(options),
    ...(parsed.projectReferences === undefined ? {} : { projectReferences: parsed.projectReferences }),
  });
}

/**
 * Everything `tsc` reports for a program before emitting: options, global, syntactic and semantic errors, as
 * `ts.getPreEmitDiagnostics` gathers them, except the semantic errors of the files in `checkedElsewhere`: files
 * another program checks under stricter settings (the pure project's, with no globals at all), so checking them
 * again here could find nothing new. The checker still reads their declarations wherever other files need them.
 */
export function programDiagnostics(parsed: ts.ParsedCommandLine, program: ts.Program,
  checkedElsewhere: ReadonlySet<string> = new Set()): readonly ts.Diagnostic[] {
  const checked = program.getSourceFiles().filter((file) => !checkedElsewhere.has(resolve(file.fileName)));
  const declarations = program.getCompilerOptions().declaration === true
    ? checked.flatMap((file) => program.getDeclarationDiagnostics(file)) : [];
  return ts.sortAndDeduplicateDiagnostics([
    ...parsed.errors,
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((file) => program.getSemanticDiagnostics(file)),
    ...declarations,
  ]);
}

/** Diagnostics as tsc prints them without colour: `file(line,col): error TS1234: message`, paths from root. */
export function formatDiagnostics(diagnostics: readonly ts.Diagnostic[], root: string): string {
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: () => root,
    getNewLine: () => "\n",
  });
}

/** What one ESLint run found. */
export interface LintOutcome {
  readonly errors: number;
  readonly warnings: number;
  readonly files: number;
  /** ESLint's "stylish" report, empty when there is nothing to say. */
  readonly report: string;
}

/**
 * Lints with the repository's eslint.config.js, the project service replaced by the given programs: each file is
 * typed by the first program that holds it, and a TypeScript file none holds is an error, as it is for the
 * project service. `patterns` are what `eslint` takes on its command line; `skip` are files left to another run.
 */
export async function lint(root: string, programs: readonly ts.Program[], patterns: readonly string[],
  skip: readonly string[] = []): Promise<LintOutcome> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: [
      ...(skip.length === 0 ? [] : [{ ignores: skip.map((file) => relative(root, file).split("\\").join("/")) }]),
      { files: ["**/*.ts"], languageOptions: { parserOptions: { projectService: false, programs: [...programs] } } },
    ],
  });
  const results = await eslint.lintFiles([...patterns]);
  const formatter = await eslint.loadFormatter("stylish");
  return {
    errors: results.reduce((sum, result) => sum + result.errorCount, 0),
    warnings: results.reduce((sum, result) => sum + result.warningCount, 0),
    files: results.length,
    report: await formatter.format(results),
  };
}
