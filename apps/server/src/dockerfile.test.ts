/**
 * The Dockerfile (issue 27) read against the repository it builds, since no test here runs a
 * docker daemon: npm ci needs every workspace's package.json in both stages, the runtime stage
 * installs only the server's production dependencies, and it runs the compiled entry point that
 * scripts/build.mjs writes, as the node user, with a health check.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './testing/processes';

const repoRoot = path.resolve(SERVER_DIR, '../..');
const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n');
const { workspaces } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const { SERVER_ENTRY_POINTS } = (await import(
  pathToFileURL(path.join(SERVER_DIR, 'scripts/build.mjs')).href
)) as { SERVER_ENTRY_POINTS: Record<string, string> };

/** The Dockerfile's stages by name, each its own lines (continuations joined). */
const stages = new Map(
  dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split(/^FROM /m)
    .slice(1)
    .map((stage) => [/ AS (\w+)/.exec(stage.split('\n')[0]!)![1]!, stage.split('\n')]),
);

describe('Dockerfile', () => {
  it('has a build and a runtime stage on node 20', () => {
    expect([...stages.keys()]).toEqual(['build', 'runtime']);
    expect(dockerfile.match(/^FROM node:20-bookworm-slim AS/gm)).toHaveLength(2);
  });

  it.each(['build', 'runtime'])(
    'copies every workspace package.json before npm ci (%s)',
    (name) => {
      const lines = stages.get(name)!;
      const ci = lines.findIndex((line) => line.startsWith('RUN npm ci'));
      expect(ci).toBeGreaterThan(0);
      for (const workspace of workspaces)
        expect(lines.slice(0, ci)).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    },
  );

  it('installs only the server’s production dependencies at run time and copies both builds', () => {
    const runtime = stages.get('runtime')!.join('\n');
    expect(runtime).toContain('npm ci --omit=dev --workspace @duka/server');
    expect(runtime).toContain('COPY --from=build /app/apps/server/dist apps/server/dist');
    expect(runtime).toContain('COPY --from=build /app/apps/web/dist apps/web/dist');
    expect(stages.get('build')!.join('\n')).toContain('RUN npm run build');
  });

  it('runs the compiled server as node, in production, with a health check', () => {
    const runtime = stages.get('runtime')!;
    expect(SERVER_ENTRY_POINTS.main).toBe('src/main.ts');
    expect(runtime).toContain('CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]');
    expect(runtime).toContain('USER node');
    expect(runtime).toContain('ENV NODE_ENV=production');
    expect(runtime).toContain('VOLUME /data');
    expect(runtime).toContain('EXPOSE 3000');
    expect(runtime.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/api/health');
  });

  it('keeps installed packages, builds, data and secrets out of the build context', () => {
    for (const pattern of ['**/node_modules', '**/dist', 'data', '.env', '.git'])
      expect(dockerignore).toContain(pattern);
  });
});
