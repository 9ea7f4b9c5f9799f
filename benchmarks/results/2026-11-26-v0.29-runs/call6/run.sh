# v0.29 call 6 (H100): the final fold rule (FOLD_CONFIGS). The row norms' CUDA tests of the
# fold, cooperative, backward, residual, late-terms, statistics-ahead and w-held
# schedules; then the bench as called (fusednorm alone, backward) at the cells the fold
# takes, fold off (FUSEDNORM_ROW_FOLD=0) and the rule, one process each.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/c6; mkdir -p $W
pack() { tar czf $OUT/call6.tgz -C /tmp c6; }
timeout 260 python -m pytest -q tests/test_rownorm.py -p no:cacheprovider \
  -k "cuda and (fold or late or stats_ahead or hold_w or cooperative or backward or residual or deterministic)" > $W/t_rows.log 2>&1; pack
echo TESTS $SECONDS
B="python -m fusednorm.bench --suite rows --kind sweep --mode bwd --providers fusednorm"
for v in "f0 FUSEDNORM_ROW_FOLD=0" "rule X=1"; do
  set -- $v; tag=$1; shift
  env "$@" timeout -s INT 70 $B --op layer_norm --dtype bf16,fp16 --n 65536,131072,262144 --out $W/b_ln16_$tag > $W/b_ln16_$tag.log 2>&1
  env "$@" timeout -s INT 40 $B --op rms_norm --dtype bf16,fp16 --n 262144 --out $W/b_rms16_$tag > $W/b_rms16_$tag.log 2>&1
  env "$@" timeout -s INT 30 $B --op layer_norm --dtype fp32 --n 262144 --out $W/b_ln32_$tag > $W/b_ln32_$tag.log 2>&1
  rm -f $W/b_*/*.png; pack
done
grep -E "FAILED|Error|passed|failed" $W/t_rows.log | tail -n 6
for d in $W/b_*_*/; do echo "== $d"; sed -n '/## rows/,$p' $d/summary.md | grep -v "^$" | grep -v "^|---"; done
echo SECONDS $SECONDS
