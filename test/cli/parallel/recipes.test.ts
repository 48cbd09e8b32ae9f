/**
 * The recipes of docs/guides/mass-generation.md run: the Slurm array script
 * and the Kubernetes Job's command, with the scheduler's index variable set as
 * the scheduler sets it, give shards that merge to the whole run's bytes; the
 * Job manifest parses and has the fields an Indexed Job needs; the Dockerfile
 * installs the tarball `npm pack` makes. (No image is built, no cluster used;
 * the GNU parallel recipe runs when `parallel` is installed.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../../helpers.js';
import { bin, gramlog, shell } from './helpers.js';

let dir = '';
let whole = '';
const rules = join(repoRoot, 'rules', 'dungeon.gdl');
const GRAMLOG = `${process.execPath} ${bin}`;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gramlog-recipes-'));
  whole = gramlog(['generate', rules, '--count', '10', '--json', '--jobs', '1']).stdout;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('deploy/slurm/gramlog-array.sh', () => {
  const script = readFileSync(join(repoRoot, 'deploy/slurm/gramlog-array.sh'), 'utf8');

  it('is a 0-based job array, as --shard K/N wants', () => {
    expect(script).toMatch(/^#SBATCH --array=0-\d+$/m);
    expect(script).toContain('--shard "$SLURM_ARRAY_TASK_ID/$SHARDS"');
  });

  it('its tasks, run with the environment Slurm gives them, merge to the whole run', () => {
    const results = join(dir, 'slurm');
    for (const k of [0, 1]) {
      const r = spawnSync('bash', [join(repoRoot, 'deploy/slurm/gramlog-array.sh')], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, GRAMLOG, RULES: rules, COUNT: '10', RESULTS: results, SLURM_ARRAY_TASK_ID: String(k), SLURM_ARRAY_TASK_COUNT: '2', SLURM_CPUS_PER_TASK: '2' },
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
    expect(gramlog(['merge', join(results, 'shard-1'), join(results, 'shard-0')]).stdout).toBe(whole);
  });
});

describe('deploy/kubernetes/job.yaml', () => {
  const job = parse(readFileSync(join(repoRoot, 'deploy/kubernetes/job.yaml'), 'utf8'));
  const container = job.spec.template.spec.containers[0];
  const env = Object.fromEntries(container.env.map((e: { name: string; value: string }) => [e.name, e.value]));

  it('is an Indexed Job with one pod per shard, results on a volume', () => {
    expect(job.apiVersion).toBe('batch/v1');
    expect(job.kind).toBe('Job');
    expect(job.spec.completionMode).toBe('Indexed');
    expect(String(job.spec.completions)).toBe(env.SHARDS);
    expect(job.spec.parallelism).toBe(job.spec.completions);
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    expect(container.command).toEqual(['sh', '-c']);
    expect(container.args[0]).toContain('--shard "$JOB_COMPLETION_INDEX/$SHARDS"');
    expect(container.args[0]).toContain('--resume');
    const mounts = container.volumeMounts.map((m: { name: string; mountPath: string }) => m.mountPath);
    expect(mounts).toContain('/results');
    const volumes = job.spec.template.spec.volumes.map((v: { name: string }) => v.name);
    for (const m of container.volumeMounts) expect(volumes).toContain(m.name);
  });

  it("its pods' command, with JOB_COMPLETION_INDEX set as Kubernetes sets it, gives shards that merge to the whole run", () => {
    const results = join(dir, 'k8s');
    const command = (container.args[0] as string).replace('exec gramlog ', 'exec $GRAMLOG ').replace('/rules/dungeon.gdl', rules).replaceAll('/results/', `${results}/`);
    for (const k of [0, 1]) {
      const r = shell(command, { env: { ...env, SHARDS: '2', COUNT: '10', JOB_COMPLETION_INDEX: String(k) } });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
    // a retried pod (the same index) keeps what its shard wrote
    expect(shell(command, { env: { ...env, SHARDS: '2', COUNT: '10', JOB_COMPLETION_INDEX: '1' } }).status).toBe(0);
    expect(gramlog(['merge', join(results, 'shard-0'), join(results, 'shard-1')]).stdout).toBe(whole);
  });
});

describe('deploy/Dockerfile', () => {
  const text = readFileSync(join(repoRoot, 'deploy/Dockerfile'), 'utf8');
  const lines = text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

  it('installs the tarball npm pack makes on node:20-slim, and runs gramlog', () => {
    expect(lines[0]).toBe('FROM node:20-slim');
    expect(text).toContain(`ARG VERSION=${version}`);
    // the name npm pack gives the tarball
    const packed = JSON.parse(spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repoRoot, encoding: 'utf8' }).stdout) as Array<{ filename: string }>;
    expect(text).toContain('COPY gramlog-${VERSION}.tgz');
    expect(`gramlog-${version}.tgz`).toBe(packed[0]?.filename);
    expect(text).toMatch(/RUN npm install -g --omit=dev [^\n]*\/tmp\/gramlog\.tgz/);
    expect(lines).toContain('ENTRYPOINT ["gramlog"]');
  });
});

describe('deploy/parallel/run-shards.sh (GNU parallel)', () => {
  const present = spawnSync('parallel', ['--version'], { encoding: 'utf8' }).status === 0;
  it.skipIf(!present)('runs the shards and merges them to the whole run', () => {
    const r = spawnSync('bash', [join(repoRoot, 'deploy/parallel/run-shards.sh'), rules, '10', '3'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GRAMLOG, RESULTS: join(dir, 'parallel') },
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(whole);
  });
  if (!present) it('(skipped: GNU parallel is not installed)', () => expect(present).toBe(false));
});
