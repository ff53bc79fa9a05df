/** The bench's entry points, by output name. */
export declare const benchEntries: Record<string, string>;
/** Bundles `entries` (default: every bench entry) from the repository at `root` into `outdir` as `.mjs` files. */
export declare function bundleBench(root: string, outdir: string, entries?: Record<string, string>): Promise<void>;
