// docker-compose.yml cannot be started on our build machines (no Docker), so its shape is checked here:
// the services the design asks for, health checks and restart policies, configuration from .env, and that
// every server variable it or .env.example sets is one the server reads (a misspelt one would be ignored).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, REPO_ROOT } from '../src/config';

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  env_file?: string | string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service>; volumes?: Record<string, unknown> };
const services = compose.services;
const servers = Object.entries(services).filter(([, s]) => s.build !== undefined);
/** Variables for docker compose itself (the database account, the published port), never for the server. */
const COMPOSE_ONLY = ['POSTGRES_DB', 'POSTGRES_USER', 'POSTGRES_PASSWORD', 'KADE_HTTP_PORT'];

function envExampleNames(): string[] {
  return read('.env.example')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.slice(0, line.indexOf('=')));
}

describe('docker-compose.yml', () => {
  it('runs PostgreSQL 16 on a volume, Redis 7, two server instances and a proxy in front of them', () => {
    expect(services.postgres?.image).toMatch(/^postgres:16(\.|-|$)/);
    expect(services.postgres?.volumes?.some((v) => v.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    expect(Object.keys(compose.volumes ?? {})).toContain(services.postgres?.volumes?.[0]?.split(':')[0]);
    expect(services.redis?.image).toMatch(/^redis:7(\.|-|$)/);
    expect(servers.map(([name]) => name).sort()).toEqual(['server-a', 'server-b']);
    expect(services.proxy?.image).toMatch(/^nginx:/);
    expect(services.proxy?.ports).toEqual(['${KADE_HTTP_PORT:-8080}:80']);
    expect(Object.keys(services.proxy?.depends_on ?? {}).sort()).toEqual(['server-a', 'server-b']);
  });

  it('gives every service a health check and a restart policy, and starts each after what it needs is healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.healthcheck?.test, name).toBeDefined();
      expect(service.restart, name).toBe('unless-stopped');
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[dependency], `${name} depends on ${dependency}`).toBeDefined();
        expect(condition, `${name} waits for ${dependency}`).toBe('service_healthy');
      }
    }
    for (const [name, server] of servers) expect(Object.keys(server.depends_on ?? {}).sort(), name).toEqual(['postgres', 'redis']);
  });

  it('configures both servers from .env, on the shared PostgreSQL, Redis and JWT secret, behind the proxy', () => {
    for (const [name, server] of servers) {
      expect(server.env_file, name).toBe('.env');
      expect(server.environment?.DATABASE_URL, name).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(server.environment?.REDIS_URL, name).toBe('redis://redis:6379');
      expect(server.environment?.JWT_SECRET, name).toMatch(/^\$\{JWT_SECRET:\?/); // refused to start without one
      expect(server.environment?.TRUST_PROXY, name).toBe('true');
      expect(server.environment?.APP_SHELL_ONLY, name).toBe('${APP_SHELL_ONLY:-true}'); // on unless .env says otherwise
    }
  });

  it('sets only variables the server reads, in compose and in .env.example', () => {
    const known = new Set<string>(ENV_NAMES);
    const set = [...servers.flatMap(([, s]) => Object.keys(s.environment ?? {})), ...envExampleNames().filter((n) => !COMPOSE_ONLY.includes(n))];
    expect(set.filter((name) => !known.has(name))).toEqual([]);
    // and every ${VARIABLE} compose reads is in .env.example, so a copied .env sets it
    const referenced = [...read('docker-compose.yml').matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1] as string);
    expect([...new Set(referenced)].filter((name) => !envExampleNames().includes(name))).toEqual([]);
  });

  it('has a committed .env.example and a proxy config that reaches both instances and upgrades WebSockets', () => {
    expect(existsSync(path.join(REPO_ROOT, '.env.example'))).toBe(true);
    const proxyVolume = services.proxy?.volumes?.[0] ?? '';
    const nginx = read(proxyVolume.split(':')[0] as string);
    expect(nginx).toContain('server server-a:3000');
    expect(nginx).toContain('server server-b:3000');
    expect(nginx).toMatch(/location \/socket\.io\/ \{[^}]*proxy_set_header Upgrade \$http_upgrade;[^}]*proxy_set_header Connection \$connection_upgrade;/);
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('builds in stages: npm ci from the lockfile, the web app built, then a runtime stage that starts the server', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\S+))?/gm)];
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages.every((m) => /^node:24/.test(m[1] as string))).toBe(true); // node-version.test.ts: the pinned one
    expect(dockerfile).toMatch(/^RUN npm ci /m);
    expect(dockerfile).toMatch(/npm run build --workspace @kade\/shop-web/);
    expect(dockerfile).toMatch(/COPY --from=build \/app\/shop-web\/dist shop-web\/dist/);
    // the server compiled in the build stage, and run as plain JavaScript: no tsx in the running process
    expect(dockerfile).toMatch(/npm run build --workspace @kade\/server/);
    expect(dockerfile).toMatch(/COPY --from=build \/app\/server\/dist server\/dist/);
    // (production's node flags between, as server/node-flags.json lists them: compiled.test.ts checks they match)
    expect(dockerfile).toMatch(/^CMD \["node", (?:"--[\w-]+=?[\w.]*", )*"server\/dist\/main\.js"\]$/m);
    expect(dockerfile).not.toMatch(/tsx/);
    // the files the image copies exist
    for (const [, source] of dockerfile.matchAll(/^COPY (?!--from)(\S+)/gm)) expect(existsSync(path.join(REPO_ROOT, source as string)), source).toBe(true);
  });
});
