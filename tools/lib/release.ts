/**
 * `npm run release -- --tag vX.Y.Z --repo OWNER/NAME [--dry-run]`: the release build, the same locally and in
 * .github/workflows/release.yml. The tag gives the version, the repository the manifest, download and project
 * URLs; the build (build-release.ts) fills them into dist/system.json and zips dist/. The tag must match
 * package.json's version and CHANGELOG.md must have its entry, so a release never ships an unexplained version.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildRelease, ZIP_NAME } from "./build-release";
import type { BuildPaths, BuildResult } from "./build-release";
import { isRecord } from "./records";

/** What the command line asked for. */
export interface ReleaseArgs {
  /** The tag as given, `v1.2.3`. */
  readonly tag: string;
  /** The version the tag names, `1.2.3`. */
  readonly version: string;
  /** `OWNER/NAME` of the repository the release is published on. */
  readonly repo: string;
  /** Build and check only; the workflow publishes, never this script. */
  readonly dryRun: boolean;
}

/** The URLs a release puts into system.json. */
export interface ReleaseUrls {
  /** Always the latest release's manifest, so an installed system finds its updates. */
  readonly manifest: string;
  /** This version's zip, so a manifest always installs the version it names. */
  readonly download: string;
  /** The project page. */
  readonly url: string;
}

const TAG = /^v(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/;
const REPO = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}\/[A-Za-z0-9._-]{1,100}$/;

/** Reads `--tag`, `--repo` and `--dry-run` (also `--tag=v1.2.3`); an error names what is wrong. */
export function parseReleaseArgs(argv: readonly string[]): ReleaseArgs | { error: string } {
  const values = new Map<string, string>();
  let dryRun = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? "";
    if (arg === "--dry-run") {
      dryRun = true;
      continue;
    }
    const match = /^--(tag|repo)(?:=(.*))?$/.exec(arg);
    if (!match) return { error: `unknown argument ${arg} (use --tag vX.Y.Z --repo OWNER/NAME [--dry-run])` };
    const name = match[1] ?? "";
    const value = match[2] ?? argv[(i += 1)];
    if (value === undefined || value === "") return { error: `--${name} needs a value` };
    values.set(name, value);
  }
  const tag = values.get("tag");
  const repo = values.get("repo");
  if (tag === undefined) return { error: "--tag vX.Y.Z is required" };
  if (repo === undefined) return { error: "--repo OWNER/NAME is required" };
  const version = TAG.exec(tag)?.[1];
  if (version === undefined) return { error: `--tag ${tag}: a release tag is v followed by a version such as v1.2.3` };
  if (!REPO.test(repo)) return { error: `--repo ${repo}: expected OWNER/NAME` };
  return { tag, version, repo, dryRun };
}

/** The manifest, download and project URLs of a GitHub release of `repo` at `tag`. */
export function releaseUrls(tag: string, repo: string, zipName = ZIP_NAME): ReleaseUrls {
  const base = `https://github.com/${repo}`;
  return {
    manifest: `${base}/releases/latest/download/system.json`,
    download: `${base}/releases/download/${tag}/${zipName}`,
    url: base,
  };
}

/** Errors for a tag whose version is not package.json's or has no `## [X.Y.Z]` entry in CHANGELOG.md. */
export function checkReleaseVersion(version: string, packageVersion: unknown, changelog: string | undefined): string[] {
  const errors: string[] = [];
  if (packageVersion !== version) {
    errors.push(`the tag names ${version} but package.json's version is ${String(packageVersion)}: bump package.json first`);
  }
  const heading = new RegExp(`^## \\[${version.replace(/\./g, "\\.")}\\]`, "m");
  if (changelog === undefined) errors.push("CHANGELOG.md is missing");
  else if (!heading.test(changelog)) errors.push(`CHANGELOG.md has no "## [${version}]" entry`);
  return errors;
}

/** Checks the tag against the repository, then runs the build with the release's version and URLs. */
export async function runRelease(paths: BuildPaths, args: ReleaseArgs): Promise<BuildResult> {
  let pkg: unknown;
  try {
    pkg = JSON.parse(readFileSync(join(paths.root, "package.json"), "utf8"));
  } catch {
    pkg = undefined;
  }
  const changelogPath = join(paths.root, "CHANGELOG.md");
  const changelog = existsSync(changelogPath) ? readFileSync(changelogPath, "utf8") : undefined;
  const errors = checkReleaseVersion(args.version, isRecord(pkg) ? pkg.version : undefined, changelog);
  if (errors.length > 0) return { errors, version: args.version, files: [], zipBytes: 0, packs: [] };
  const urls = releaseUrls(args.tag, args.repo);
  return buildRelease(
    paths,
    { AOD_MANIFEST_URL: urls.manifest, AOD_DOWNLOAD_URL: urls.download, AOD_PROJECT_URL: urls.url },
    args.version,
  );
}
