#!/bin/bash
# StrykerJS over the games and the shared ordering in groups of one to five files
# (docs/mutation.md): each group's results are merged into docs/mutation-score.json as soon as
# it ends, so a session that stops early keeps what it measured. Each group keeps its own
# incremental file, so running it again tests only mutants whose code or tests changed.
#   scripts/mutate-groups.sh                 every group, in order
#   scripts/mutate-groups.sh c-prove,a-core  only those
# Logs: reports/mutation/groups/<group>.log. Concurrency: MUTATE_CONCURRENCY (default 3).
set -u
cd "$(git rev-parse --show-toplevel)"
mkdir -p reports/mutation/groups
C=src-shared/games/carillon; A=src-shared/games/apsis; O=src-shared/ordering
j() { local d=$1; shift; local out=""; for f in "$@"; do out="$out${out:+,}$d/$f.ts"; done; echo "$out"; }
G=(
  "carillon|c-prove|$(j $C prove verify)"
  "carillon|c-rules|$(j $C rules chain reach closure bitset)"
  "carillon|c-solve|$(j $C solver-search solver-theorem fairness difficulty)"
  "none|o-steer|$(j $O steering approved-first ships-now)"
  "carillon|c-gen|$(j $C generator plan)"
  "carillon|c-order|$(j $C ordering ordering-path)"
  "apsis|a-core|$(j $A prove rules verify solver model play)"
  "apsis|a-geo|$(j $A geometry)"
  "apsis|a-gen|$(j $A generator plan)"
  "apsis|a-order|$(j $A ordering)"
  "carillon|c-rest|$(j $C near-duplicates edit explain labels index metrics pack playtest transforms cross-check quality level-input match-names summary model migrate)"
  "apsis|a-rest|$(j $A near-duplicates edit explain labels index pack playtest quality level-input match-names migrate)"
  "|g-root|src-shared/games/index.ts,src-shared/games/extra-games.ts"
)
ONLY="${1:-}"
for g in "${G[@]}"; do
  IFS='|' read -r game name files <<<"$g"
  if [ -n "$ONLY" ] && [[ ",$ONLY," != *",$name,"* ]]; then continue; fi
  echo "$(date -u +%H:%M:%S) group $name"
  if [ -n "$game" ]; then export STRYKER_GAME=$game; else unset STRYKER_GAME; fi
  npx stryker run --mutate "$files" --concurrency "${MUTATE_CONCURRENCY:-3}" --timeoutMS 20000 \
    --incrementalFile "reports/stryker-incremental-$name.json" > "reports/mutation/groups/$name.log" 2>&1
  rc=$?
  node scripts/mutation-score.mjs | tail -3
  echo "$(date -u +%H:%M:%S) group $name ended (exit $rc)"
done
