// The vitest projects (vitest.config.ts) as the test commands run them: what each needs before it starts.
// Used by `npm test` (scripts/test.mjs, every project in this order) and `npm run test:<name>` (scripts/test-project.mjs).

/**
 * Each project: its vitest name, a title for the output, the Debian packages its tests use, whether it takes the
 * run's shared Redis, PostgreSQL and MariaDB (TURNPIKE_SHARED_SERVICES=1, scripts/test-services.ts), and whether it
 * needs the built console.
 */
export const testProjects = [
  { name: 'unit', title: 'Unit tests (pure, beside the code)', packages: [], sharedServices: false, needsConsoleBuild: false },
  {
    name: 'server',
    title: 'Server tests (a real server on SQLite, PostgreSQL, MariaDB, Redis)',
    packages: ['redis-server', 'postgresql-15', 'mariadb-server'],
    sharedServices: true,
    needsConsoleBuild: false,
  },
  {
    name: 'cluster',
    title: 'Cluster tests (several instances sharing a database and Redis)',
    packages: ['redis-server', 'postgresql-15', 'mariadb-server'],
    sharedServices: true,
    needsConsoleBuild: false,
  },
  {
    name: 'agents',
    title: 'Agent tests (Claude Code, Codex and Gemini CLI through a started server, strict provider mocks)',
    packages: [],
    sharedServices: false,
    needsConsoleBuild: false,
  },
  { name: 'browser', title: 'Browser tests (the built console in Chromium)', packages: ['chromium', 'fonts-noto-cjk'], sharedServices: false, needsConsoleBuild: true },
];

/** The project named `name`; throws, listing the names, for any other. */
export function findTestProject(name) {
  const project = testProjects.find((candidate) => candidate.name === name);
  if (!project) throw new Error(`unknown test project "${name}"; the projects are ${testProjects.map((candidate) => candidate.name).join(', ')}`);
  return project;
}

/** The environment a project's vitest run needs. */
export function projectEnvironment(project) {
  return project.sharedServices ? { TURNPIKE_SHARED_SERVICES: '1' } : {};
}
