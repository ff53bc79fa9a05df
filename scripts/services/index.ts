// Real services for tests: PostgreSQL 15, MariaDB and Redis started on 127.0.0.1 and stopped by PID.
export { startMariadb } from './mariadb-service';
export { startPostgres, type RestartablePostgres } from './postgres-service';
export { startRedis } from './redis-service';
export { createMariadbDatabase, createPostgresDatabase, type TestDatabase } from './test-databases';
export type { RunningService } from './service-process';
