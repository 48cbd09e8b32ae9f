#!/bin/bash
# GNU parallel over shards on one or several machines (-S host1,host2): SHARDS
# shards of the seeds, each into results/shard-K, JOBS shards at a time; a
# second run of this script (after a crash, a Ctrl-C) skips the shards the
# joblog records as done (--resume-failed runs the failed ones again, and
# gramlog's --resume keeps the chunks they wrote). Then joins the shards.
#
#   deploy/parallel/run-shards.sh rules/dungeon.gdl 100000 8 > dungeons.jsonl
set -euo pipefail

GRAMLOG=${GRAMLOG:-gramlog}
RULES=${1:?usage: run-shards.sh RULES COUNT SHARDS}
COUNT=${2:?usage: run-shards.sh RULES COUNT SHARDS}
SHARDS=${3:?usage: run-shards.sh RULES COUNT SHARDS}
RESULTS=${RESULTS:-results}
JOBS=${JOBS:-2}

mkdir -p "$RESULTS"
seq 0 $((SHARDS - 1)) | parallel --joblog "$RESULTS/joblog" --resume-failed -j "$JOBS" \
  $GRAMLOG generate "$RULES" --count "$COUNT" --json --shard "{}/$SHARDS" --jobs 1 \
  --out "$RESULTS/shard-{}" --resume
$GRAMLOG merge "$RESULTS"/shard-*
