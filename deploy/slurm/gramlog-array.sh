#!/bin/bash
# A Slurm job array: task K of the array generates shard K/N of the seeds into
# results/shard-K, on the task's cores. Submit, then join the shards when all
# tasks are done:
#
#   sbatch deploy/slurm/gramlog-array.sh
#   gramlog merge results/shard-* > dungeons.jsonl
#
# A task that fails (or is preempted and requeued) runs again with --resume,
# which keeps the chunks it already wrote. The array index is 0-based
# (--array=0-7), as --shard K/N wants. Settings below can be overridden from
# the environment: RULES=... COUNT=... sbatch deploy/slurm/gramlog-array.sh
#SBATCH --job-name=gramlog
#SBATCH --array=0-7
#SBATCH --cpus-per-task=4
#SBATCH --mem=2G
#SBATCH --output=gramlog-%A_%a.log
#SBATCH --requeue
set -euo pipefail

GRAMLOG=${GRAMLOG:-gramlog}
RULES=${RULES:-rules/dungeon.gdl}
FIRST_SEED=${FIRST_SEED:-0}
COUNT=${COUNT:-1000000}
RESULTS=${RESULTS:-results}
SHARDS=${SLURM_ARRAY_TASK_COUNT:?run this script with sbatch (a job array sets SLURM_ARRAY_TASK_COUNT)}

$GRAMLOG generate "$RULES" --seed "$FIRST_SEED" --count "$COUNT" --json \
  --shard "$SLURM_ARRAY_TASK_ID/$SHARDS" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --out "$RESULTS/shard-$SLURM_ARRAY_TASK_ID" --resume
