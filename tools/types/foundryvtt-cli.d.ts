// Hand-written types for the parts of the official pack CLI that the build uses (the package ships none).
declare module "@foundryvtt/foundryvtt-cli" {
  /** Options shared by compiling and extracting. */
  interface PackOptions {
    nedb?: boolean;
    yaml?: boolean;
    log?: boolean;
  }
  /** Options for compiling sources into a LevelDB pack. */
  interface CompileOptions extends PackOptions {
    recursive?: boolean;
  }
  /** Options for extracting a LevelDB pack into source files. */
  interface ExtractOptions extends PackOptions {
    clean?: boolean;
    folders?: boolean;
    yamlOptions?: Record<string, unknown>;
  }
  /** Compiles the source files in `src` into the pack at `dest`. */
  export function compilePack(src: string, dest: string, options?: CompileOptions): Promise<void>;
  /** Writes every primary document of the pack at `src` into its own file under `dest`. */
  export function extractPack(src: string, dest: string, options?: ExtractOptions): Promise<void>;
}
