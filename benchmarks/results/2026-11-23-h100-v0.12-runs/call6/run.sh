export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
git log --oneline -1 > $OUT/head.txt 2>&1
timeout -s INT 150 python -m pytest -x -q tests/test_rownorm.py -k "(cuda or gpu) and (cooperative or split or million or stats or residual or deterministic or sizes)" > $OUT/pytest_rows.log 2>&1; echo "rc $?" >> $OUT/pytest_rows.log
tail -n 2 $OUT/pytest_rows.log
timeout -s INT 100 python -m pytest -x -q tests/test_groupnorm.py -k "(cuda or gpu) and (rows_path or sum_partials or deterministic)" > $OUT/pytest_groups.log 2>&1; echo "rc $?" >> $OUT/pytest_groups.log
tail -n 2 $OUT/pytest_groups.log
for t in old new; do
  case $t in old*) P=$PWD/.old/src;; *) P=$PWD/src;; esac
  PYTHONPATH=$P timeout 60 python benchmarks/sweep_groupnorm.py $OUT/gnb32_$t.json --dtype float32 --layouts nc --no-torch --cases vae512,in3d64,unet320 > $OUT/gnb32_$t.log 2>&1
  PYTHONPATH=$P timeout 60 python benchmarks/ab_rows.py $OUT/ab32_$t.json $t --bwd --ops layer_norm --n 12288,32768,262144 --dtypes float32 > $OUT/ab32_$t.log 2>&1
done
cut -c1-130 $OUT/gnb32_old.log $OUT/gnb32_new.log
paste -d'|' <(cut -c1-100 $OUT/ab32_old.log) <(cut -c29-100 $OUT/ab32_new.log)
