// The running server's version, read from the server package manifest at build time.
import manifest from '../../package.json';

/** Version string reported by GET /api/status and written into the `setups` row. */
export const serverVersion: string = manifest.version;
