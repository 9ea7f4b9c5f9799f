# v0.39 call 13 (H100): call 12's 4 failures (the shared helpers' `if GATHER: return`
# compiled the statement after it too: a reshape of 16 lanes to 8 x 4 at C = 15, Cg = 3)
# fixed by one return per helper. The cooperative columns tests of test_groupnorm.py.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
W=/tmp/v39c13; mkdir -p $W
pack() { tar czf $OUT/call13.tgz -C /tmp v39c13; }
nvidia-smi -L > $W/gpus.txt
timeout 150 python -m pytest -q -p no:cacheprovider tests/test_groupnorm.py -k "cols_coop or constant_groups" > $W/tests.log 2>&1
tail -2 $W/tests.log; pack
echo SECONDS $SECONDS
